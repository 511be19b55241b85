package dev.gather.turn;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides what of a turn output may cross to other members: terminal escapes stripped, empty and
 * checkpoint outputs dropped, long ones capped with a visible {@code [truncated]}.
 *
 * @param checkpointPrefixes outputs starting with one of these (after trimming, ignoring case) are
 *     progress notes, not answers
 */
public record TurnFilter(int maxChars, List<String> checkpointPrefixes) {
    /** Default cap on relayed text: the one limit on what is typed into a pane. */
    public static final int DEFAULT_MAX_CHARS = Typed.MAX_CHARS;

    public static final String TRUNCATED = Typed.TRUNCATED;

    public TurnFilter {
        if (maxChars <= TRUNCATED.length() + 1) {
            throw new IllegalArgumentException(
                    "maxChars must be > " + (TRUNCATED.length() + 1) + " (was " + maxChars + ")");
        }
        checkpointPrefixes = List.copyOf(Objects.requireNonNull(checkpointPrefixes, "checkpointPrefixes"));
    }

    /** {@link Typed#MAX_CHARS} and the usual checkpoint markers. */
    public static TurnFilter defaults() {
        return new TurnFilter(DEFAULT_MAX_CHARS, List.of("[checkpoint]", "checkpoint:"));
    }

    /** The text to relay, or empty when this output must not cross (and must not use up budget). */
    public Optional<String> apply(String text) {
        String clean = TerminalText.clean(text).strip();
        if (clean.isEmpty() || isCheckpoint(clean)) {
            return Optional.empty();
        }
        return Optional.of(Typed.cap(clean, maxChars));
    }

    /** The output with its text filtered, or empty when it must not cross. */
    public Optional<TurnOutput> apply(TurnOutput output) {
        return apply(output.text()).map(output::withText);
    }

    private boolean isCheckpoint(String clean) {
        String lower = clean.toLowerCase(Locale.ROOT);
        return checkpointPrefixes.stream().anyMatch(p -> !p.isBlank() && lower.startsWith(p.toLowerCase(Locale.ROOT)));
    }
}
