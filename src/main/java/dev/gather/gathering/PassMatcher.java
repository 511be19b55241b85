package dev.gather.gathering;

import dev.gather.link.Member;
import dev.gather.rhythm.BoundedMatch;
import dev.gather.rhythm.PassPattern;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds a pass phrase in the holder's words as a person would read them: only the holder's own
 * sentences count, not quoted text, code, someone's relayed words pasted back, reported speech,
 * conditions, negations or questions. Named targets win over unnamed passes; a name nobody in the
 * gathering has is not a pass ("passing to the next point"); two different named targets are
 * ambiguous and move nothing.
 */
final class PassMatcher {
    /** A pass was said; {@code target} empty means "to the next speaker". */
    record Pass(Optional<String> target) {}

    private static final Pattern FENCED = Pattern.compile("(?s)```.*?(```|$)|~~~.*?(~~~|$)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
    private static final Pattern QUOTED = Pattern.compile(
            "\"[^\"\\n]*\"|“[^”\\n]*”|«[^»\\n]*»|„[^“\\n]*“|(?<![\\w'])'[^'\\n]+'(?![\\w'])|‘[^’\\n]*’");
    /** A line quoting someone: e-mail style, or a relayed message's attribution with its paragraph. */
    private static final Pattern QUOTE_LINES =
            Pattern.compile("(?m)^\\s*>.*$|(?ms)^\\s*\\[[^\\]\\n]+\\] \\(\\d+\\):\\s*$.*?(?:\\n\\s*\\n|\\z)");

    private static final Pattern SENTENCES = Pattern.compile("[^.!?\\n]+[.!?]*");
    /** Before the phrase in its sentence: someone else's words, a condition, a negation. */
    private static final Pattern NOT_MINE = Pattern.compile(
            "(?i)\\b(said|says|saying|say|wrote|writes|write|told|tells|asked|asks|replied|replies|suggested"
                    + "|suggests|mentioned|mentions|claimed|claims|noted|notes|quoted|quoting|typed|means|meant"
                    + "|if|when|whenever|before|after|unless|until|once|whether|should|would|could|might"
                    + "|not|never|don't|dont|doesn't|didn't|won't|can't|cannot|wouldn't|shouldn't|isn't"
                    + "|example|e\\.g|instance|phrase|pattern|rule|words|message|line)\\b");

    private PassMatcher() {}

    /** The pass in {@code text}, with names judged against every member of the gathering. */
    static Optional<Pass> find(List<PassPattern> patterns, String text, Collection<Member> members) {
        Set<String> named = new LinkedHashSet<>();
        boolean unnamed = false;
        for (String sentence : ownSentences(text, members)) {
            if (sentence.strip().endsWith("?")) {
                continue;
            }
            for (PassPattern p : patterns) {
                // a user's pattern: one that cannot decide within its bound finds no pass in this sentence
                Matcher m = BoundedMatch.matcher(p.pattern(), sentence, PassPattern.BOUND);
                try {
                    while (m.find()) {
                        if (NOT_MINE.matcher(sentence.substring(0, m.start())).find()) {
                            continue;
                        }
                        if (p.namesTarget() && m.group("name") != null) {
                            String name = normalize(m.group("name"));
                            if (resolve(name, List.copyOf(members)).isPresent()) {
                                named.add(name);
                            }
                        } else {
                            unnamed = true;
                        }
                    }
                } catch (BoundedMatch.TooSlow e) {
                    continue;
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

    /**
     * The holder's own sentences: code, quotations and lines put in a member's mouth ("Bo: I pass to
     * Cy", as a transcript reads) removed.
     */
    static List<String> ownSentences(String text, Collection<Member> members) {
        String own = FENCED.matcher(text).replaceAll(" ");
        own = QUOTE_LINES.matcher(own).replaceAll(" ");
        if (!members.isEmpty()) {
            String names = String.join(
                    "|", members.stream().map(m -> Pattern.quote(m.name())).toList());
            own = Pattern.compile("(?im)^\\s*\\[?(?:" + names + ")\\]?\\s*(?:\\(\\d+\\))?\\s*:.*$")
                    .matcher(own)
                    .replaceAll(" ");
        }
        own = INLINE_CODE.matcher(own).replaceAll(" … ");
        own = QUOTED.matcher(own).replaceAll(" … ");
        return SENTENCES.matcher(own).results().map(r -> r.group()).toList();
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
