package dev.gather.rhythm;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A phrase that moves the talking piece. The optional named group {@code name} captures the member
 * the piece goes to; without it the piece goes to the next speaker in order.
 *
 * @param example a sentence the pattern must match (checked when the rhythm loads)
 */
public record PassPattern(Pattern pattern, String example) {
    /** How long a pass pattern may take on one turn output. */
    public static final Duration BOUND = Duration.ofMillis(250);

    public PassPattern {
        Objects.requireNonNull(pattern, "pattern");
        example = example == null ? "" : example;
    }

    /** Whether the pattern declares the named group {@code name}. */
    public boolean namesTarget() {
        // Pattern.namedGroups() is Java 20+; on 17 the declaration in the source is the reliable sign.
        return pattern.pattern().contains("(?<name>");
    }

    /**
     * The match in {@code text}, if any: empty target means "the next speaker". A pattern that cannot
     * decide within {@link #BOUND} finds none: no turn output holds the relay longer than that.
     */
    public Optional<PassMatch> find(String text) {
        Optional<Matcher> found;
        try {
            found = BoundedMatch.find(pattern, text, BOUND);
        } catch (BoundedMatch.TooSlow e) {
            return Optional.empty();
        }
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = found.get();
        String target = namesTarget() ? m.group("name") : null;
        return Optional.of(new PassMatch(Optional.ofNullable(target), m.group()));
    }

    /** One pass phrase found in a turn output. */
    public record PassMatch(Optional<String> target, String phrase) {}
}
