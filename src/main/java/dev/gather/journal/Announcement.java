package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What a line for everyone announces: an {@code announce} entry's {@code prompt}. */
public enum Announcement {
    /** The piece moved: the entry names the new holder and keeps the turn's counters. */
    TURN,
    /** A phase, or a round within it, begins. */
    PHASE,
    /** A member left: everyone but that member is told. */
    LEFT,
    /** A member joined: everyone but that member is told (it gets its seed instead). */
    JOINED,
    /** The gathering closes: its last words, typed once what was said before reached everyone. */
    CLOSING,
    /** A private phase ended: every answer it heard. */
    REVEAL,
    /** A link without a piece ran out of turns. */
    BUDGET_EXHAUSTED;

    /** As the journal writes it. */
    @JsonValue
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the member it concerns is left out of those told: who left is not told so, who joined gets its seed. */
    public boolean sparesItsMember() {
        return this == LEFT || this == JOINED;
    }
}
