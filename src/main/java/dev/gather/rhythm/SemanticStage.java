package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Stage 4: rules a schema cannot say. Runs on the schema-valid tree so every error keeps its place
 * in the file.
 */
final class SemanticStage {
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

    private static final Set<PromptKind> PIECE_PROMPTS = Set.of(
            PromptKind.SEED,
            PromptKind.BEAT,
            PromptKind.FINAL_BEAT,
            PromptKind.PHASE,
            PromptKind.TURN,
            PromptKind.HARVEST,
            PromptKind.REMINDER,
            PromptKind.LEFT,
            PromptKind.CLOSING);
    private static final Set<PromptKind> DIRECT_PROMPTS = Set.of(PromptKind.CLOSING, PromptKind.BUDGET_EXHAUSTED);

    private SemanticStage() {}

    static List<RhythmError> check(SourceTree t) {
        List<RhythmError> errors = new ArrayList<>();
        JsonNode r = t.root();
        patterns(t, errors);
        placeholders(t, errors);
        JsonNode speakers = r.path("roles").path("speakers");
        if (speakers.path("min").asInt() > speakers.path("max").asInt()) {
            errors.add(t.error(
                    "/roles/speakers/min",
                    "roles.speakers",
                    "roles.speakers.min must not exceed max (found min "
                            + speakers.path("min").asInt() + ", max "
                            + speakers.path("max").asInt() + ")"));
        }
        Set<String> phases = new HashSet<>();
        for (int i = 0; i < r.path("breath").size(); i++) {
            String name = r.path("breath").get(i).path("phase").asText();
            if (!phases.add(name)) {
                errors.add(t.error(
                        "/breath/" + i + "/phase",
                        "breath.unique-phase",
                        "phase '" + name + "' appears twice in breath"));
            }
        }
        if (r.path("talking_piece").isBoolean() && r.path("talking_piece").asBoolean()) {
            piece(t, errors);
        } else if (r.path("talking_piece").isBoolean()) {
            direct(t, errors);
        }
        if (r.has("beats")) {
            if (Durations.parse(r.path("beats").path("interval").asText()).isZero()) {
                errors.add(t.error(
                        "/beats/interval",
                        "beats.interval",
                        "beats.interval must be longer than zero (found '"
                                + r.path("beats").path("interval").asText() + "')"));
            }
            if (r.path("beats").hasNonNull("max_turn")
                    && Durations.parse(r.path("beats").path("max_turn").asText())
                                    .compareTo(Durations.parse(
                                            r.path("beats").path("interval").asText()))
                            < 0) {
                errors.add(t.error(
                        "/beats/max_turn",
                        "beats.max_turn",
                        "beats.max_turn must be at least one interval (found '"
                                + r.path("beats").path("max_turn").asText() + "')"));
            }
        }
        return errors;
    }

    private static void piece(SourceTree t, List<RhythmError> errors) {
        JsonNode r = t.root();
        if (!r.has("beats")) {
            errors.add(t.error(
                    "", "piece.beats", "a rhythm with a talking piece needs beats (per_turn ≥ 1, interval, grace)"));
        }
        if (r.path("breath").isEmpty()) {
            errors.add(t.error(
                    r.has("breath") ? "/breath" : "",
                    "piece.breath",
                    "a rhythm with a talking piece needs at least one phase in breath"));
        }
        if (r.path("roles").path("human").asText("none").equals("required")
                && r.path("roles").path("speakers").path("max").asInt() < 1) {
            errors.add(t.error("/roles", "roles.human", "a required human needs room among the speakers"));
        }
        if (r.has("turn_budget")) {
            errors.add(t.keyError(
                    "/turn_budget",
                    "piece.turn-budget",
                    "turn_budget is for links without a talking piece; a gathering ends with its breath"));
        }
        requirePrompts(t, errors, PIECE_PROMPTS, "a rhythm with a talking piece");
    }

    private static void direct(SourceTree t, List<RhythmError> errors) {
        JsonNode r = t.root();
        JsonNode speakers = r.path("roles").path("speakers");
        if (speakers.path("min").asInt() != 2 || speakers.path("max").asInt() != 2) {
            errors.add(t.error(
                    "/roles/speakers",
                    "direct.members",
                    "a rhythm without a talking piece links exactly 2 members (found speakers "
                            + speakers.path("min").asInt() + ".."
                            + speakers.path("max").asInt() + ")"));
        }
        if (r.path("roles").path("harvester").asInt(0) != 0) {
            errors.add(t.error(
                    "/roles/harvester",
                    "direct.harvester",
                    "a rhythm without a talking piece has no harvester (found "
                            + r.path("roles").path("harvester").asInt() + ")"));
        }
        if (!r.path("roles").path("human").asText("none").equals("none")) {
            errors.add(t.error(
                    "/roles/human",
                    "direct.human",
                    "a rhythm without a talking piece has no separate human member (found '"
                            + r.path("roles").path("human").asText() + "')"));
        }
        for (String key : List.of("breath", "beats", "pass_patterns")) {
            if (r.has(key)) {
                errors.add(t.keyError("/" + key, "direct." + key, "a rhythm without a talking piece has no " + key));
            }
        }
        if (!r.has("turn_budget")) {
            errors.add(
                    t.error(
                            "",
                            "direct.turn-budget",
                            "a rhythm without a talking piece needs turn_budget, so two agents cannot talk forever unattended"));
        }
        requirePrompts(t, errors, DIRECT_PROMPTS, "a rhythm without a talking piece");
    }

    private static void requirePrompts(SourceTree t, List<RhythmError> errors, Set<PromptKind> kinds, String what) {
        for (PromptKind k : PromptKind.values()) {
            if (kinds.contains(k) && !t.root().path("prompts").has(k.key())) {
                errors.add(t.error("/prompts", "prompts.required", what + " needs prompts." + k.key()));
            }
        }
    }

    private static void patterns(SourceTree t, List<RhythmError> errors) {
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
            if (!p.matcher(example).find()) {
                errors.add(t.error(
                        "/pass_patterns/" + i + "/example",
                        "pass.example",
                        "pass_patterns[" + i + "].pattern does not match its own example (found '" + example + "')"));
            }
            for (String innocent : INNOCENT) {
                if (p.matcher(innocent).find()) {
                    errors.add(t.error(
                            at,
                            "pass.innocent",
                            "pass_patterns[" + i + "].pattern matches the ordinary sentence \"" + innocent
                                    + "\"; make it stricter"));
                    break;
                }
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

    private static void placeholders(SourceTree t, List<RhythmError> errors) {
        JsonNode prompts = t.root().path("prompts");
        for (Map.Entry<String, JsonNode> e : prompts.properties()) {
            PromptKind kind = PromptKind.ofKey(e.getKey());
            if (kind == null) {
                continue;
            }
            for (String name : Template.placeholders(e.getValue().asText())) {
                if (!kind.placeholders().contains(name)) {
                    errors.add(t.error(
                            "/prompts/" + e.getKey(),
                            "prompts.placeholder",
                            "prompts." + e.getKey() + " uses unknown placeholder {" + name + "}; it accepts "
                                    + new java.util.TreeSet<>(kind.placeholders())));
                }
            }
        }
    }
}
