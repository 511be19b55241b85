package dev.gather.rhythm;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Private heartbeats to the holder of the piece: {@code perTurn} beats, one every {@code interval};
 * the last is the final beat, after which the holder has {@code grace} to answer before the piece
 * moves on. A holder mid-turn keeps the piece (beats wait for it) until its turn ends, but never
 * longer than {@link #turnCap} from the turn's start.
 */
public record Beats(int perTurn, Duration interval, Duration grace, Optional<Duration> maxTurn) {
    public Beats {
        if (perTurn < 1) {
            throw new IllegalArgumentException("beats.per_turn must be at least 1 (was " + perTurn + ")");
        }
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(maxTurn, "maxTurn");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("beats.interval must be positive (was " + interval + ")");
        }
        if (grace.isNegative()) {
            throw new IllegalArgumentException("beats.grace must not be negative (was " + grace + ")");
        }
        maxTurn.ifPresent(m -> {
            if (m.isNegative() || m.isZero()) {
                throw new IllegalArgumentException("beats.max_turn must be positive (was " + m + ")");
            }
        });
    }

    public Beats(int perTurn, Duration interval, Duration grace) {
        this(perTurn, interval, grace, Optional.empty());
    }

    /**
     * The longest one turn (or the harvest) may last: {@code max_turn}, else ten times a turn's
     * beats and grace, so a holder that never ends its turn cannot hold the gathering forever.
     */
    public Duration turnCap() {
        return maxTurn.orElseGet(
                () -> interval.multipliedBy(perTurn).plus(grace).multipliedBy(10));
    }

    /** The same beats with some values replaced (start-time overrides); nulls keep the current value. */
    public Beats with(Integer perTurn, Duration interval) {
        return with(perTurn, interval, null);
    }

    /** The same beats with some values replaced (start-time overrides); nulls keep the current value. */
    public Beats with(Integer perTurn, Duration interval, Duration grace) {
        return new Beats(
                perTurn == null ? this.perTurn : perTurn,
                interval == null ? this.interval : interval,
                grace == null ? this.grace : grace,
                maxTurn);
    }
}
