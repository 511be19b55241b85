package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What a prompt to one member alone is: a {@code private} entry's {@code prompt}. */
public enum Prompt {
    /** The member's first message: who it is, who else is there, the question (and the part it plays). */
    SEED,
    /** The part the member was cast in, a message of its own in journals written before it ended the seed. */
    PART,
    /** A heartbeat to the holder during its turn. */
    BEAT,
    /** The last beat of the holder's turn. */
    FINAL_BEAT,
    /** A note to a member who spoke without the piece. */
    REMINDER,
    /** The harvester is asked for the harvest. */
    HARVEST,
    /** The piece reaches an agent in digest hearing: what it was kept, then its turn, to it alone. */
    TURN,
    /** What a phase said, typed to the harvester when the phase ends (harvester_hears: phase_end). */
    DIGEST;

    /** As the journal writes it. */
    @JsonValue
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
