package dev.gather.delivery;

import java.util.Locale;

/** Where one message is for one recipient; journalled at every step, shown by status and transcript. */
public enum DeliveryState {
    /** Waiting in the recipient's queue until it is ready or idle. */
    QUEUED,
    /** Being typed (paste, gap, Enter); a daemon stopped here does not type it again. */
    TYPING,
    /**
     * Handed to the harness's own door (its queue or socket), which accepted it: not yet delivered, the
     * harness has not started a turn carrying it. A restarted daemon does not hand it again.
     */
    HANDED,
    /** The harness's door keeps it for its user's approval (or a limit); the journal says why. */
    HELD,
    /**
     * Typed and submitted (the input box emptied or the screen moved), or, through a door, taken: the
     * harness started a turn carrying it.
     */
    DELIVERED,
    /** The harness took it: its turn on it ended (or, for programs without turns, the submit was seen). */
    CONFIRMED,
    /** Not delivered; the journal says why. */
    FAILED;

    /**
     * The text of a second {@link #TYPING} step, journalled once the paste is in the pane and before
     * Enter: a restarted daemon types again only what was never pasted.
     */
    public static final String PASTED = "pasted, Enter not yet pressed";

    /** The lower-case name used in the journal and the protocol. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether nothing more will happen to the message. */
    public boolean done() {
        return this == CONFIRMED || this == FAILED;
    }
}
