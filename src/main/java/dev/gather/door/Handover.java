package dev.gather.door;

import java.util.Objects;

/** What a harness answered when a {@link Door} handed it a message; outcomes are values, not exceptions. */
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
}
