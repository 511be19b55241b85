package dev.gather.rhythm;

import java.util.Objects;

/**
 * One thing wrong with a rhythm file, where it is and which rule it breaks, printed as {@code
 * rhythms/daily.yaml:14:3: beats.per_turn must be at least 1 (found 0) [schema.minimum]}.
 */
public record RhythmError(String file, int line, int column, String rule, String message) {
    public RhythmError {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + message + " [" + rule + "]";
    }
}
