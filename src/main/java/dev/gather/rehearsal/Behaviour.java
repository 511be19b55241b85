package dev.gather.rehearsal;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a scripted member of a rehearsal behaves. */
public enum Behaviour {
    /** Answers at once when it has the floor (the piece, a beat, the harvest) and passes the piece on. */
    ANSWERS("answers at once when it holds the piece, then passes"),
    /** Never says a word. */
    SILENT("stays silent"),
    /** Answers at once and passes by name, to the speaker after the next one. */
    PASSES("answers and passes by name to the speaker after the next"),
    /** Answers its own turns, and also what the others say while they hold the piece. */
    INTERRUPTS("speaks past its turn: also answers the others' words"),
    /** Starts answering when it gets the floor and finishes only after the rhythm's turn cap (max_turn). */
    SLOW("takes longer than max_turn to answer");

    private final String means;

    Behaviour(String means) {
        this.means = means;
    }

    /** What the behaviour does, in a few words. */
    public String means() {
        return means;
    }

    /** The lower-case word a user writes. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The behaviour called {@code word}; a clear error listing them all when there is none. */
    public static Behaviour of(String word) {
        for (Behaviour b : values()) {
            if (b.word().equals(word.strip().toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown behaviour '" + word + "'; known: "
                + Arrays.stream(values()).map(Behaviour::word).collect(Collectors.joining(", ")));
    }
}
