package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.rhythm.PassPattern;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Finds a pass phrase in the holder's words, conservatively: named targets win over unnamed
 * passes; two different named targets are ambiguous and move nothing.
 */
final class PassMatcher {
    /** A pass was said; {@code target} empty means "to the next speaker". */
    record Pass(Optional<String> target) {}

    private PassMatcher() {}

    static Optional<Pass> find(List<PassPattern> patterns, String text) {
        Set<String> named = new LinkedHashSet<>();
        boolean unnamed = false;
        for (PassPattern p : patterns) {
            java.util.regex.Matcher m = p.pattern().matcher(text);
            while (m.find()) {
                if (p.namesTarget() && m.group("name") != null) {
                    named.add(normalize(m.group("name")));
                } else {
                    unnamed = true;
                }
            }
        }
        if (named.size() == 1) {
            return Optional.of(new Pass(Optional.of(named.iterator().next())));
        }
        if (named.isEmpty() && unnamed) {
            return Optional.of(new Pass(Optional.empty()));
        }
        return Optional.empty();
    }

    /** The member a target names, by number or name (case, whitespace, '_' and '-' ignored). */
    static Optional<Member> resolve(String target, List<Member> candidates) {
        String t = normalize(target);
        return candidates.stream()
                .filter(m -> String.valueOf(m.number()).equals(t)
                        || normalize(m.name()).equals(t))
                .findFirst();
    }

    static String normalize(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", "").replaceAll("[.,;:!?]+$", "");
    }
}
