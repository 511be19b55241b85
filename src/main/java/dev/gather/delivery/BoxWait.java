package dev.gather.delivery;

import dev.gather.door.Handover;
import java.time.Duration;
import java.time.Instant;

/**
 * How long a member's letters wait on an input box in the way ({@link Handover.Busy}): a dialog waits
 * for a person however long it takes; text we did not type (a paste a harness never took, a half-typed
 * line left alone) holds the queue {@link #STUCK} at most, then each waiting letter fails, visibly, and
 * the next is tried. Its lock is the channel's monitor: it is only called under it.
 */
final class BoxWait {
    static final Duration STUCK = Duration.ofMinutes(3);

    private final Channel channel;
    private final Turns turns;
    /** Since when the input box has held text we did not type now; null while it is empty. */
    private Instant heldSince;

    BoxWait(Channel channel, Turns turns) {
        this.channel = channel;
        this.turns = turns;
    }

    /** A letter went in: the box was empty. */
    void cleared() {
        heldSince = null;
    }

    /** {@code p} waits at the head of the queue (null), or, its box held too long, why it fails. */
    String waitsOrSticks(Pending p, Handover.Busy b, Instant now) {
        heldSince = heldSince == null ? now : heldSince;
        if (b.forPerson() || Duration.between(heldSince, now).compareTo(STUCK) < 0) {
            channel.requeue(p);
            turns.note(b.why());
            return null;
        }
        turns.note("its input box has been " + b.what() + " since " + heldSince + "; waiting messages fail");
        if (channel.nothingQueued()) {
            heldSince = null; // a later message gets a fresh wait: the box may have emptied since
        }
        return "not typed: its input box was " + b.what() + " for over " + STUCK.toMinutes()
                + " minutes (clear it to receive messages again)";
    }
}
