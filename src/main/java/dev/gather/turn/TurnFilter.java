package dev.gather.turn;

import java.util.List;
import java.util.Optional;

/**
 * What may cross a link: no empty outputs, no checkpoint outputs, nothing longer than the cap
 * (cut with a visible mark). Escapes are stripped later, by delivery.
 */
public record TurnFilter(int maxChars, List<String> checkpointPrefixes) {
    /** 12,000 characters; outputs starting with "[checkpoint]" or "Checkpoint:" stay private. */
    public static final TurnFilter DEFAULT = new TurnFilter(12_000, List.of("[checkpoint]", "Checkpoint:"));

    static final String TRUNCATED = "\n[truncated]";

    public TurnFilter {
        if (maxChars < 100) {
            throw new IllegalArgumentException("maxChars must be at least 100 (was " + maxChars + ")");
        }
        checkpointPrefixes = List.copyOf(checkpointPrefixes);
    }

    /** The text to relay, or empty when this output must not cross. */
    public Optional<String> apply(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            return Optional.empty();
        }
        for (String prefix : checkpointPrefixes) {
            if (t.regionMatches(true, 0, prefix, 0, prefix.length())) {
                return Optional.empty();
            }
        }
        if (t.length() > maxChars) {
            int cut = maxChars - TRUNCATED.length();
            if (Character.isHighSurrogate(t.charAt(cut - 1))) {
                cut--;
            }
            t = t.substring(0, cut) + TRUNCATED;
        }
        return Optional.of(t);
    }
}
