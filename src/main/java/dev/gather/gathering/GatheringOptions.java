package dev.gather.gathering;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Start-time overrides of the rhythm: beats per turn, beat interval, final beat's grace, opening
 * question, and the parts the starter cast by name ({@code cast}: member name to part).
 */
public record GatheringOptions(
        Optional<Integer> beatsPerTurn,
        Optional<Duration> beatInterval,
        Optional<Duration> grace,
        Optional<String> question,
        Map<String, String> cast) {
    /** The most beats a turn may be given at the start (start_gathering's bound, and the CLI's). */
    public static final int MAX_BEATS_PER_TURN = 1_000;

    /** The longest a beat interval or a grace may be set to at the start, in seconds: a day. */
    public static final int MAX_SECONDS = 86_400;

    public static final GatheringOptions NONE =
            new GatheringOptions(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    public GatheringOptions {
        cast = Map.copyOf(cast);
        beatsPerTurn.ifPresent(b -> {
            if (b < 1) {
                throw new IllegalArgumentException("beats_per_turn must be at least 1 (was " + b + ")");
            }
        });
        beatInterval.ifPresent(d -> {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("beat interval must be positive (was " + d + ")");
            }
        });
        grace.ifPresent(d -> {
            if (d.isNegative()) {
                throw new IllegalArgumentException("grace must not be negative (was " + d + ")");
            }
        });
    }

    public GatheringOptions(
            Optional<Integer> beatsPerTurn, Optional<Duration> beatInterval, Optional<String> question) {
        this(beatsPerTurn, beatInterval, Optional.empty(), question);
    }

    /** Overrides with nobody cast by name. */
    public GatheringOptions(
            Optional<Integer> beatsPerTurn,
            Optional<Duration> beatInterval,
            Optional<Duration> grace,
            Optional<String> question) {
        this(beatsPerTurn, beatInterval, grace, question, Map.of());
    }

    /** The same overrides with {@code cast} (member name to part) cast by name. */
    public GatheringOptions casting(Map<String, String> cast) {
        return new GatheringOptions(beatsPerTurn, beatInterval, grace, question, cast);
    }
}
