package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The semantic rules of pass patterns: each compiles, matches its own example, names no group but
 * {@code name}, and matches none of the ordinary sentences that merely mention passing.
 */
final class PassPatternRules {
    /** Ordinary sentences with "pass" in them: no pass pattern may match any of these. */
    static final List<String> INNOCENT = List.of(
            "the tests pass",
            "All tests pass now.",
            "we should pass the config to the loader",
            "passing tests are a good sign",
            "a pass-through filter",
            "I'll pass on that for now",
            "could you pass the salt",
            "it passed CI",
            "the password is stored in the vault",
            "we pass the value to the callback",
            "the first pass of the parser",
            "I passed the review",
            "let's pass over that detail");

    /** How long one pattern may take on one sentence while a rhythm is checked. */
    static final Duration LINT_BOUND = Duration.ofMillis(200);

    private PassPatternRules() {}

    static void check(SourceTree t, List<RhythmError> errors) {
        JsonNode list = t.root().path("pass_patterns");
        for (int i = 0; i < list.size(); i++) {
            String at = "/pass_patterns/" + i + "/pattern";
            String regex = list.get(i).path("pattern").asText();
            Pattern p;
            try {
                p = Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                errors.add(t.error(
                        at,
                        "pass.regex",
                        "pass_patterns[" + i + "].pattern is not a valid regular expression: " + e.getDescription()
                                + " (found '" + regex + "')"));
                continue;
            }
            String example = list.get(i).path("example").asText();
            try {
                if (BoundedMatch.find(p, example, LINT_BOUND).isEmpty()) {
                    errors.add(t.error(
                            "/pass_patterns/" + i + "/example",
                            "pass.example",
                            "pass_patterns[" + i + "].pattern does not match its own example (found '" + example
                                    + "')"));
                }
                for (String innocent : INNOCENT) {
                    if (BoundedMatch.find(p, innocent, LINT_BOUND).isPresent()) {
                        errors.add(t.error(
                                at,
                                "pass.innocent",
                                "pass_patterns[" + i + "].pattern matches the ordinary sentence \"" + innocent
                                        + "\"; make it stricter"));
                        break;
                    }
                }
            } catch (BoundedMatch.TooSlow e) {
                errors.add(t.error(at, "pass.slow", "pass_patterns[" + i + "]: " + e.getMessage()));
                continue;
            }
            if (regex.contains("(?<")
                    && !regex.contains("(?<name>")
                    && !regex.contains("(?<=")
                    && !regex.contains("(?<!")) {
                errors.add(
                        t.error(
                                at,
                                "pass.group",
                                "pass_patterns[" + i
                                        + "].pattern names a group other than 'name'; only (?<name>...) says who gets the piece"));
            }
        }
    }
}
