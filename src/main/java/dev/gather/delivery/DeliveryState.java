package dev.gather.delivery;

/** Where one message is for one recipient; journalled at every step, shown by status and transcript. */
public enum DeliveryState {
    /** Waiting in the recipient's queue until it is ready or idle. */
    QUEUED,
    /** Being typed (paste, gap, Enter); a daemon stopped here does not type it again. */
    TYPING,
    /** Typed and submitted; the input box emptied or the screen moved. */
    DELIVERED,
    /** The harness took it: its turn on it ended (or, for programs without turns, the submit was seen). */
    CONFIRMED,
    /** Not delivered; the journal says why. */
    FAILED;

    /** The lower-case name used in the journal and the protocol. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether nothing more will happen to the message. */
    public boolean done() {
        return this == CONFIRMED || this == FAILED;
    }
}
