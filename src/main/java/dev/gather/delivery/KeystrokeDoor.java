package dev.gather.delivery;

import dev.gather.door.Door;
import dev.gather.door.Doors;
import dev.gather.door.Handover;
import dev.gather.door.Parcel;
import dev.gather.profile.Profile;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.TmuxException;
import dev.gather.tmux.TypingSteps;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * Keystrokes as a door, for every program and for every letter a harness's own door said no to: the
 * parcel is typed into the member's pane (paste, a gap, Enter, the submit checked) with the profile
 * of what runs there now, and only into an empty input box. The harness answers on its screen:
 * {@link Handover.Submitted} (a turn took it: the submit was seen), {@link Handover.Busy} (text or a
 * dialog in the way: nothing typed), {@link Handover.Gone}, or {@link Handover.Failed}. Right before
 * the first key it asks its {@link Gate} whether the letter is still wanted. One per member; it holds
 * no lock and no state of its own: the member's {@link Channel} keeps both.
 */
final class KeystrokeDoor implements Door {
    /**
     * What the door asks of the member's channel while it types one parcel.
     *
     * @param go right before the first key of a parcel goes in, typed with that profile: false when the
     *     letter was withdrawn meanwhile (it is then not typed)
     * @param pasted the parcel's words are in the pane, Enter not yet pressed
     * @param entering Enter is about to be pressed on the parcel's words for the first time
     */
    record Gate(BiPredicate<Parcel, Profile> go, Consumer<Parcel> pasted, Consumer<Parcel> entering) {
        Gate {
            Objects.requireNonNull(go, "go");
            Objects.requireNonNull(pasted, "pasted");
            Objects.requireNonNull(entering, "entering");
        }
    }

    private final String pane;
    private final Deliverer deliverer;
    private final Recognition recognition;
    private final Gate gate;

    KeystrokeDoor(String pane, Deliverer deliverer, Recognition recognition, Gate gate) {
        this.pane = pane;
        this.deliverer = deliverer;
        this.recognition = recognition;
        this.gate = gate;
    }

    @Override
    public String name() {
        return Doors.KEYSTROKES;
    }

    /**
     * Looks at the pane and types {@code parcel} if its box is empty; runs on the caller's thread until
     * the paste, then on the deliverer's. Its letter's reference is its own: a door into one pane is
     * handed one parcel at a time, so its answer can belong to no other.
     */
    @Override
    public CompletableFuture<Handover> hand(Parcel parcel) {
        Profile used;
        InputBox.State shows;
        try {
            used = recognition.recognise();
            shows = deliverer.inputBox(pane, used.quirks());
        } catch (TmuxException e) {
            return CompletableFuture.completedFuture(e.paneGone() ? gone() : unanswered(e));
        }
        if (shows != InputBox.State.EMPTY) {
            return CompletableFuture.completedFuture(busy(shows, used));
        }
        if (!gate.go().test(parcel, used)) {
            return CompletableFuture.completedFuture(new Handover.Withdrawn("withdrawn before a key went in"));
        }
        // a harness still loading behind a box it already drew shows the paste only once loaded: wait as
        // long as it may take to start, since the next message is pasted only after this one
        return deliverer
                .deliverAsync(
                        pane,
                        parcel.text(),
                        used.quirks(),
                        used.ready().timeout(),
                        new TypingSteps(() -> gate.pasted().accept(parcel), () -> gate.entering()
                                .accept(parcel)))
                .thenApply(this::answer);
    }

    /** What the screen showed of the typing, as a door's answer. */
    private Handover answer(DeliveryResult r) {
        if (r instanceof DeliveryResult.Delivered d) {
            return new Handover.Submitted(d.confirmedBy(), d.took(), d.enterPresses());
        }
        if (r instanceof DeliveryResult.Failed f) {
            return new Handover.Failed(f.reason());
        }
        if (r instanceof DeliveryResult.PaneGone) {
            return gone();
        }
        return new Handover.Failed("typing ended in a way keystrokes do not know: " + r);
    }

    /** tmux did not answer the look (a loaded machine, a slow server): the pane is not gone, it is looked at again. */
    private static Handover unanswered(TmuxException e) {
        return new Handover.Busy("unread", "waiting: tmux did not show its screen (" + e.getMessage() + ")", false);
    }

    private Handover gone() {
        return new Handover.Gone("pane " + pane + " ended while it was typed");
    }

    /** The box shows {@code shows}, not empty: what stands in the way, and what status says meanwhile. */
    private static Handover busy(InputBox.State shows, Profile used) {
        String what = shows == InputBox.State.HOLDS ? "not empty" : "not in sight";
        String why = used.quirks().input().isEmpty() && shows == InputBox.State.HOLDS
                ? "waiting: the line its cursor is on holds text gather did not type (its input box cannot be read)"
                : ScreenWatch.waiting(shows);
        return new Handover.Busy(what, why, shows == InputBox.State.DIALOG);
    }
}
