package dev.gather.rhythm;

import java.time.Duration;
import java.util.Objects;

/**
 * Private heartbeats to the holder of the piece: {@code perTurn} beats, one every {@code interval};
 * the last is the final beat, after which the holder has {@code grace} to answer before the piece
 * moves on.
 */
public record Beats(int perTurn, Duration interval, Duration grace) {
    public Beats {
        if (perTurn < 1) {
            throw new IllegalArgumentException("beats.per_turn must be at least 1 (was " + perTurn + ")");
        }
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(grace, "grace");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("beats.interval must be positive (was " + interval + ")");
        }
        if (grace.isNegative()) {
            throw new IllegalArgumentException("beats.grace must not be negative (was " + grace + ")");
        }
    }

    /** The same beats with some values replaced (start-time overrides); nulls keep the current value. */
    public Beats with(Integer perTurn, Duration interval) {
        return new Beats(perTurn == null ? this.perTurn : perTurn, interval == null ? this.interval : interval, grace);
    }
}
