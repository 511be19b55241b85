package dev.gather.door;

import java.time.Duration;
import java.util.Objects;

/**
 * What a harness answered when a {@link Door} handed it a message; outcomes are values, not exceptions.
 * A harness's own door answers Handed, Held, Refused, Declined or Failed; keystrokes, which see the
 * harness's answer on its screen, answer Submitted, Busy, Gone, Withdrawn or Failed.
 */
public sealed interface Handover {
    /** The harness accepted the message into its own queue; {@code how} says through what. */
    record Handed(String how) implements Handover {
        public Handed {
            Objects.requireNonNull(how, "how");
        }
    }

    /** The harness keeps the message for its user's approval (Claude's crossSessionInbound: hold). */
    record Held(String why) implements Handover {
        public Held {
            Objects.requireNonNull(why, "why");
        }
    }

    /** The harness will not take messages this way (setting, policy, missing thread): fall back. */
    record Refused(String why) implements Handover {
        public Refused {
            Objects.requireNonNull(why, "why");
        }
    }

    /** The harness would drop this one message (a repeat its guard refuses): it is typed; the door stays open. */
    record Declined(String why) implements Handover {
        public Declined {
            Objects.requireNonNull(why, "why");
        }
    }

    /** The door could not be used (socket gone, program missing, timeout): fall back. */
    record Failed(String why) implements Handover {
        public Failed {
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * The harness took the message as it was handed: a turn carrying it started (keystrokes saw the
     * submit {@code how}), after {@code tries} presses of Enter, {@code took} after handing began.
     */
    record Submitted(String how, Duration took, int tries) implements Handover {
        public Submitted {
            Objects.requireNonNull(how, "how");
            Objects.requireNonNull(took, "took");
        }
    }

    /**
     * The way in is in use ({@code what}: its input box holds text, is out of sight, or a dialog
     * stands there): nothing entered; try again when the pane next changes. {@code forPerson}: a
     * dialog waits for a person however long it takes. {@code why} says so in status.
     */
    record Busy(String what, String why, boolean forPerson) implements Handover {
        public Busy {
            Objects.requireNonNull(what, "what");
            Objects.requireNonNull(why, "why");
        }
    }

    /** The member's pane or program ended: nothing enters it any more. */
    record Gone(String why) implements Handover {
        public Gone {
            Objects.requireNonNull(why, "why");
        }
    }

    /** The sender took the message back before anything entered (its gathering ended): it fails, untyped. */
    record Withdrawn(String why) implements Handover {
        public Withdrawn {
            Objects.requireNonNull(why, "why");
        }
    }
}
