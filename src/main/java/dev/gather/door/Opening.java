package dev.gather.door;

import java.util.Objects;

/** Whether a member's door could be opened just now: the door, or why it is typed into instead. */
public sealed interface Opening {
    /** The door to use. */
    record Open(Door door) implements Opening {
        public Open {
            Objects.requireNonNull(door, "door");
        }
    }

    /** No door now; {@code why} says what is missing (a thread not yet known, a program too old). */
    record Absent(String door, String why) implements Opening {
        public Absent {
            Objects.requireNonNull(door, "door");
            Objects.requireNonNull(why, "why");
        }
    }
}
