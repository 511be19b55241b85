package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.InputBox;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A member's turns as its channel sees them: its state since when, an epoch each change of state
 * starts (a look of the screen watch belongs to one and ends with it), why it is held up, and the
 * letters it took that its turn's end confirms. It has no lock of its own: its channel and the
 * channel's helpers touch it only while holding the channel's monitor, the member's one lock.
 */
final class Turns {
    static final String HANDED_BEFORE =
            "taken: a turn ended after it was handed (the daemon that handed it stopped before it saw a turn take it)";
    private final String pane;
    private final Clock clock;
    private final Ledger ledger;
    private final ScreenWatch screen;
    private final List<Letter> unconfirmed = new ArrayList<>();
    /** Handed to the harness's own queue by a daemon that stopped before it saw a turn take them. */
    private final List<Letter> handedBefore = new ArrayList<>();

    private MemberState state;
    private Instant since;
    private long epoch;

    private String note;
    /** Why it was given up on (never ready): until it shows a sign of life, every message fails with this. */
    private String gaveUp;

    /** How a turn ended while a letter was being typed (a quick harness): once typed, that letter is confirmed by it too. */
    private String endedWhileTyping;

    Turns(String pane, MemberState state, Clock clock, Ledger ledger, ScreenWatch screen) {
        this.pane = pane;
        this.state = state;
        this.since = clock.instant();
        this.clock = clock;
        this.ledger = ledger;
        this.screen = screen;
    }

    /** Why it was given up on, while it is. */
    Optional<String> gaveUp() {
        return Optional.ofNullable(gaveUp);
    }

    /** The letters it took by keystrokes whose turn has not ended (none from a door). */
    List<Letter> typed() {
        return List.copyOf(unconfirmed);
    }

    /** Whether a letter may be typed now: the member is ready or idle. */
    boolean open() {
        return state == MemberState.READY || state == MemberState.IDLE;
    }

    /** Whether {@code e} is still the current epoch and the member is in {@code expected}. */
    boolean current(long e, MemberState expected) {
        return epoch == e && state == expected;
    }

    MemberState state() {
        return state;
    }

    long epoch() {
        return epoch;
    }

    void enter(MemberState next) {
        state = next;
        since = clock.instant();
        epoch++;
        if (next != MemberState.STARTING) {
            note = null;
            gaveUp = null;
        }
    }

    /** Why the member is held up, or null once it is not. */
    void note(String why) {
        note = why;
    }

    /** Never ready in time, {@code why}: said so, and every message fails with it until a sign of life. */
    void giveUp(String why) {
        note = why;
        gaveUp = why;
    }

    /** What the member took so far is confirmed by its turn's end, {@code how}. */
    void confirm(String how) {
        handedBefore.forEach(l -> {
            ledger.record(l, pane, DeliveryState.DELIVERED, HANDED_BEFORE);
            ledger.record(l, pane, DeliveryState.CONFIRMED, how);
        });
        handedBefore.clear();
        unconfirmed.forEach(l -> ledger.record(l, pane, DeliveryState.CONFIRMED, how));
        unconfirmed.clear();
    }

    /** A turn ended, {@code how}, while a letter was being typed: once typed, that letter is confirmed by it too. */
    void endedWhileTyping(String how) {
        endedWhileTyping = how;
    }

    /**
     * A letter the last daemon typed and saw submitted but never saw taken (it stopped first): the
     * member counts as busy with it, so its next turn end (hook or settled screen) confirms it.
     */
    void adopt(Letter letter, Profile profile) {
        if (state == MemberState.GONE) {
            ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before its turn ended");
        } else if (profile.turns().signal() == Profile.TurnSignal.NONE) {
            ledger.record(letter, pane, DeliveryState.CONFIRMED, "submitted before the last daemon stopped");
        } else {
            took(letter);
        }
    }

    /** {@code letter} was handed to the harness's own queue by the last daemon, which stopped before a turn took it. */
    void adoptHanded(Letter letter) {
        if (state == MemberState.GONE) {
            ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before a turn carried it");
        } else {
            handedBefore(letter);
        }
    }

    /** The member took {@code letter}: it is busy until its turn ends, which confirms it. */
    void took(Letter letter) {
        unconfirmed.add(letter);
        busy();
    }

    /**
     * {@code letter} is in the harness's own queue, handed by a daemon that stopped before it saw a
     * turn take it: the member's next turn end stands in for that receipt, as for a door that shows
     * no transcript. It is never sent again: that could deliver it twice.
     */
    private void handedBefore(Letter letter) {
        handedBefore.add(letter);
    }

    /** The member started a turn we did not type: it is busy, where its profile reads turns at all. */
    void startedOnItsOwn(Profile profile) {
        if (profile.turns().signal() != Profile.TurnSignal.NONE && state != MemberState.GONE) {
            busy();
        }
    }

    /** The member is busy: the screen is watched for its turn's end (a hook may say so first). */
    void busy() {
        if (state != MemberState.BUSY) {
            enter(MemberState.BUSY);
            screen.awaitIdle(epoch);
        }
    }

    /** The pane is gone: what it took but never confirmed fails. */
    void gone() {
        enter(MemberState.GONE);
        unconfirmed.forEach(l -> ledger.record(l, pane, DeliveryState.FAILED, "pane gone before its turn ended"));
        unconfirmed.clear();
        handedBefore.forEach(l -> ledger.record(l, pane, DeliveryState.FAILED, "pane gone before a turn carried it"));
        handedBefore.clear();
    }

    /**
     * What typing {@code letter} with {@code used} came to: typed where no turn signal is read, it is
     * confirmed at once; confirmed too by a turn that ended while it was typed; else the member is
     * busy with it until its turn ends.
     */
    void typed(Letter letter, DeliveryResult r, Profile used) {
        String ended = endedWhileTyping;
        endedWhileTyping = null;
        if (r instanceof DeliveryResult.Delivered d) {
            ledger.record(letter, pane, DeliveryState.DELIVERED, d.confirmedBy());
            if (used.turns().signal() == Profile.TurnSignal.NONE) {
                ledger.record(letter, pane, DeliveryState.CONFIRMED, d.confirmedBy());
            } else if (state == MemberState.GONE) { // it ended as the words went in: no turn will end on them
                ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before its turn ended");
            } else if (ended != null) {
                confirm(ended);
                ledger.record(letter, pane, DeliveryState.CONFIRMED, ended);
                enter(MemberState.IDLE);
            } else {
                took(letter);
            }
        } else if (r instanceof DeliveryResult.Failed f) {
            ledger.record(letter, pane, DeliveryState.FAILED, f.reason());
        }
    }

    /** While busy since {@code e}: what its box shows (a dialog is noted, anything else clears the note). */
    void busyShows(long e, InputBox.State box) {
        if (epoch == e) {
            note = box == InputBox.State.DIALOG ? ScreenWatch.waiting(box) : null;
        }
    }

    /** While starting since {@code e}: whether a dialog stands where its box should be (noted if so). */
    boolean startingShowsDialog(long e, InputBox.State box) {
        if (box != InputBox.State.DIALOG || !current(e, MemberState.STARTING)) {
            return false;
        }
        note = ScreenWatch.waiting(box);
        return true;
    }

    ChannelStatus status(String profile, List<Letter> queued, Optional<Letter> typing) {
        List<Letter> open = handedBefore.isEmpty()
                ? unconfirmed
                : Stream.concat(handedBefore.stream(), unconfirmed.stream()).toList();
        return new ChannelStatus(pane, profile, state, since, queued, typing, open, Optional.ofNullable(note));
    }
}
