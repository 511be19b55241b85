package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.TmuxException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A member's keystroke door: the channel's letter typed into its pane (paste, a gap, Enter) with the
 * profile that runs there now, only into an empty input box, and not at all once withdrawn before a
 * key went in. One letter at a time, taken from the head of its {@link Channel}'s queue while the
 * member is ready or idle. Its lock is the channel's monitor (the member's one lock, so there is no
 * order of locks to keep): it takes it around its own state and the member's {@link Turns}, never
 * around the ledger, the deliverer or a sender's future; what the channel calls without saying
 * otherwise it calls holding that lock.
 */
final class Typist {
    /**
     * How long a message waits for a non-empty input box before it fails, visibly, and the next is
     * tried: text stuck there (a paste a harness never took, a half-typed line left alone) would
     * otherwise hold the queue for good.
     */
    static final Duration STUCK_BOX = Duration.ofMinutes(3);

    private final Channel channel;
    private final Turns turns;
    private final String pane;
    private final Office office;

    private Pending typing;
    /** Why the letter taken for typing was withdrawn before a key went in (it is then not typed). */
    private String withdrawnBeforeTyping;
    /** Whether the letter taken for typing has been journalled as typing (past withdrawal). */
    private boolean typingJournalled;
    /** When the letter being typed was pasted; null until then. */
    private Instant pastedAt;
    /** Since when the input box has held text we did not type now; null while it is empty. */
    private Instant heldSince;

    Typist(Channel channel, Turns turns, String pane, Office office) {
        this.channel = channel;
        this.turns = turns;
        this.pane = pane;
        this.office = office;
    }

    /** {@code p} is typed next ({@link #type} runs it, off the lock). */
    void take(Pending p) {
        typing = p;
        pastedAt = null;
        typingJournalled = false;
        withdrawnBeforeTyping = null;
    }

    /** Whether a letter is being typed. */
    boolean busy() {
        return typing != null;
    }

    /** The letter taken for typing, if one is. */
    Optional<Letter> typing() {
        return Optional.ofNullable(typing).map(Pending::letter);
    }

    /** The letter taken for typing, with its sender's future (its typing may still end, journalled). */
    Optional<Pending> current() {
        return Optional.ofNullable(typing);
    }

    /**
     * The member's turn ended, {@code how} ({@code at}: by its hook's stamp): what it took is confirmed.
     * True when it is now idle; a turn that ends while a letter is typed leaves that to the typing.
     */
    boolean turnEnded(String how, Optional<Instant> at) {
        if (turns.state() == MemberState.GONE) {
            return false;
        }
        if (typing != null && at.isPresent() && (pastedAt == null || at.get().isBefore(pastedAt))) {
            turns.confirm(how); // it ended before these words were pasted: on earlier ones
            return false;
        }
        if (typing != null) {
            // a quick harness can finish its turn before the typing is seen to be taken
            turns.endedWhileTyping(how);
            return false;
        }
        turns.confirm(how);
        turns.enter(MemberState.IDLE);
        return true;
    }

    /** Fails {@code p}, visibly: journalled as failed with {@code why}, and its sender told. Takes no lock. */
    void fail(Pending p, String why) {
        office.ledger().record(p.letter(), pane, DeliveryState.FAILED, why);
        p.done().complete(new DeliveryResult.Failed(pane, why));
    }

    /** The letter taken for typing, if {@code which} accepts it and no key went in yet, is not typed. */
    void withdraw(Predicate<Letter> which, String why) {
        if (typing != null && !typingJournalled && which.test(typing.letter())) {
            withdrawnBeforeTyping = why;
        }
    }

    /** Types {@code p}, taken by {@link #take}. Runs on the post office's threads, off the lock. */
    void type(Pending p) {
        InputBox.State shows;
        Profile used;
        try {
            used = channel.recognition().recognise();
            shows = office.deliverer().inputBox(pane, used.quirks());
        } catch (TmuxException e) {
            finished(p, new DeliveryResult.PaneGone(pane), channel.profile());
            return;
        }
        if (dropWithdrawn(p)) {
            return;
        }
        if (shows != InputBox.State.EMPTY) {
            held(p, shows, used);
            return;
        }
        synchronized (channel) {
            if (withdrawnBeforeTyping == null) {
                turns.note(null);
                heldSince = null;
                typingJournalled = true;
            }
        }
        if (dropWithdrawn(p)) {
            return;
        }
        office.ledger().record(p.letter(), pane, DeliveryState.TYPING, "");
        office.port().typing(pane, p.letter().text());
        // a harness still loading behind a box it already drew shows the paste only once loaded: wait as
        // long as it may take to start, since the next message is pasted only after this one
        office.deliverer()
                .deliverAsync(
                        pane, p.letter().text(), used.quirks(), used.ready().timeout(), () -> pasted(p.letter()))
                .thenAccept(r -> finished(p, r, used));
    }

    /**
     * The box {@code shows} text we did not type now, or is not in sight: {@code p} waits at the head
     * of the queue for the next change on screen, or fails once the box was held for {@link #STUCK_BOX}.
     */
    private void held(Pending p, InputBox.State shows, Profile used) {
        String stuck = null;
        synchronized (channel) {
            typing = null;
            Instant now = office.clock().instant();
            heldSince = heldSince == null ? now : heldSince;
            String where = shows == InputBox.State.HOLDS ? "not empty" : "not in sight";
            // a dialog waits for a person however long it takes; a box held by someone's text does not
            if (shows != InputBox.State.DIALOG
                    && Duration.between(heldSince, now).compareTo(STUCK_BOX) >= 0) {
                stuck = "not typed: its input box was " + where + " for over " + STUCK_BOX.toMinutes()
                        + " minutes (clear it to receive messages again)";
                turns.note("its input box has been " + where + " since " + heldSince + "; waiting messages fail");
                if (channel.nothingQueued()) {
                    heldSince = null; // a later message gets a fresh wait: the box may have emptied since
                }
            } else {
                channel.requeue(p);
                turns.note(
                        used.quirks().input().isEmpty() && shows == InputBox.State.HOLDS
                                ? "waiting: the line its cursor is on holds text gather did not type (its input"
                                        + " box cannot be read)"
                                : ScreenWatch.waiting(shows));
            }
        }
        if (stuck != null) {
            fail(p, stuck);
            channel.pump();
            return;
        }
        // look again when the screen next changes, or after a while
        office.deliverer().nextOutput(pane, channel.profile().turns().quiet()).thenRun(channel::pump);
    }

    private void pasted(Letter letter) {
        synchronized (channel) {
            pastedAt = office.clock().instant();
        }
        office.ledger().record(letter, pane, DeliveryState.TYPING, DeliveryState.PASTED);
    }

    /** Fails {@code p} when it was withdrawn while its pane was looked at; true if so. */
    private boolean dropWithdrawn(Pending p) {
        String why;
        synchronized (channel) {
            why = withdrawnBeforeTyping;
            if (why == null) {
                return false;
            }
            withdrawnBeforeTyping = null;
            typing = null;
        }
        fail(p, why);
        channel.pump();
        return true;
    }

    /** {@code used}: the profile it was typed with, whose turns say whether the member is now busy. */
    private void finished(Pending p, DeliveryResult r, Profile used) {
        synchronized (channel) {
            typing = null;
            turns.typed(p.letter(), r, used);
        }
        if (r instanceof DeliveryResult.PaneGone) {
            office.ledger()
                    .record(p.letter(), pane, DeliveryState.FAILED, "pane " + pane + " ended while it was typed");
            p.done().complete(r);
            channel.gone();
            return;
        }
        if (r instanceof DeliveryResult.Delivered d) {
            office.port().taken(pane, p.letter(), d.confirmedBy());
        }
        p.done().complete(r);
        channel.pump();
    }
}
