package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stage 4: rules a schema cannot say. Runs on the schema-valid tree so every error keeps its place
 * in the file.
 */
final class SemanticStage {
    private SemanticStage() {}

    /** One rule over the tree; it adds what it finds to the list. */
    private interface Rule {
        void check(SourceTree t, List<RhythmError> errors);
    }

    private static final List<Rule> RULES = List.of(
            PassPatternRules::check,
            SemanticStage::placeholders,
            SemanticStage::speakers,
            SemanticStage::phases,
            SemanticStage::mode,
            SemanticStage::beats,
            SemanticStage::parts,
            SemanticStage::voices);

    static List<RhythmError> check(SourceTree t) {
        List<RhythmError> errors = new ArrayList<>();
        for (Rule rule : RULES) {
            List<RhythmError> found = new ArrayList<>();
            try {
                rule.check(t, found);
                errors.addAll(found);
            } catch (RuntimeException e) {
                // a rule that trips on a shape the schema refused adds nothing: the schema's error
                // says what is wrong there, and every other rule still runs, so one pass finds all
            }
        }
        return errors;
    }

    private static void speakers(SourceTree t, List<RhythmError> errors) {
        JsonNode speakers = t.root().path("roles").path("speakers");
        if (speakers.path("min").isIntegralNumber()
                && speakers.path("max").isIntegralNumber()
                && speakers.path("min").asInt() > speakers.path("max").asInt()) {
            errors.add(t.error(
                    "/roles/speakers/min",
                    "roles.speakers",
                    "roles.speakers.min must not exceed max (found min "
                            + speakers.path("min").asInt() + ", max "
                            + speakers.path("max").asInt() + ")"));
        }
    }

    private static void phases(SourceTree t, List<RhythmError> errors) {
        JsonNode breath = t.root().path("breath");
        Set<String> phases = new HashSet<>();
        for (int i = 0; i < breath.size(); i++) {
            String name = breath.get(i).path("phase").asText();
            if (!phases.add(name)) {
                errors.add(t.error(
                        "/breath/" + i + "/phase",
                        "breath.unique-phase",
                        "phase '" + name + "' appears twice in breath"));
            }
        }
    }

    /**
     * A private phase is heard by the harvester alone, so it needs one, or a reveal that shows its
     * answers to everyone; only a private phase has anything to reveal.
     */
    private static void voices(SourceTree t, List<RhythmError> errors) {
        JsonNode breath = t.root().path("breath");
        boolean harvester = t.root().path("roles").path("harvester").asInt(0) > 0;
        for (int i = 0; i < breath.size(); i++) {
            JsonNode p = breath.get(i);
            boolean isPrivate = p.path("voice").asText("open").equals("private");
            if (p.has("reveal") && !isPrivate) {
                errors.add(t.keyError(
                        "/breath/" + i + "/reveal",
                        "breath.reveal",
                        "breath[" + i + "] reveals its answers but everyone heard them already; add voice: private"
                                + " or remove reveal"));
            }
            if (isPrivate && !p.has("reveal") && !harvester) {
                errors.add(t.error(
                        "/breath/" + i + "/voice",
                        "breath.voice",
                        "breath[" + i + "] is private but nobody would hear it: give the rhythm a harvester"
                                + " (roles.harvester: 1) or the phase a reveal"));
            }
        }
    }

    private static void parts(SourceTree t, List<RhythmError> errors) {
        JsonNode roles = t.root().path("roles");
        JsonNode parts = roles.path("parts");
        Set<String> names = new HashSet<>();
        for (int i = 0; i < parts.size(); i++) {
            String at = "/roles/parts/" + i;
            String name = parts.get(i).path("part").asText();
            if (!names.add(name)) {
                errors.add(
                        t.error(at + "/part", "roles.unique-part", "part '" + name + "' appears twice in roles.parts"));
            }
            for (String p : Template.placeholders(parts.get(i).path("prompt").asText())) {
                if (!RolePart.PLACEHOLDERS.contains(p)) {
                    errors.add(t.error(
                            at + "/prompt",
                            "prompts.placeholder",
                            "roles.parts[" + i + "].prompt uses unknown placeholder {" + p + "}; it accepts "
                                    + new TreeSet<>(RolePart.PLACEHOLDERS)));
                }
            }
        }
        if (parts.size() > roles.path("speakers").path("min").asInt(Integer.MAX_VALUE)) {
            errors.add(t.error(
                    "/roles/parts",
                    "roles.parts",
                    "roles.parts casts " + parts.size() + " parts but a gathering may have only "
                            + roles.path("speakers").path("min").asInt()
                            + " speakers (speakers.min); raise min so every part is played"));
        }
    }

    private static void mode(SourceTree t, List<RhythmError> errors) {
        JsonNode piece = t.root().path("talking_piece");
        if (piece.isBoolean() && piece.asBoolean()) {
            piece(t, errors);
        } else if (piece.isBoolean()) {
            direct(t, errors);
        }
    }

    private static void beats(SourceTree t, List<RhythmError> errors) {
        JsonNode beats = t.root().path("beats");
        if (!beats.isObject()) {
            return;
        }
        Duration interval = Durations.parse(beats.path("interval").asText());
        if (interval.isZero()) {
            errors.add(t.error(
                    "/beats/interval",
                    "beats.interval",
                    "beats.interval must be longer than zero (found '"
                            + beats.path("interval").asText() + "')"));
        }
        if (beats.hasNonNull("max_turn")
                && Durations.parse(beats.path("max_turn").asText()).compareTo(interval) < 0) {
            errors.add(t.error(
                    "/beats/max_turn",
                    "beats.max_turn",
                    "beats.max_turn must be at least one interval (found '"
                            + beats.path("max_turn").asText() + "')"));
        }
    }

    private static void piece(SourceTree t, List<RhythmError> errors) {
        JsonNode r = t.root();
        // a missing breath, beats or prompt is the schema's to say (it requires them with a piece)
        if (r.path("breath").isArray() && r.path("breath").isEmpty()) {
            errors.add(t.error(
                    "/breath", "piece.breath", "a rhythm with a talking piece needs at least one phase in breath"));
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
        if (r.has("harvester_hears") && !r.path("hearing").asText("live").equals("digest")) {
            errors.add(t.keyError(
                    "/harvester_hears",
                    "hearing.harvester",
                    "harvester_hears is for hearing: digest; with live hearing the harvester hears every message"
                            + " as it is said"));
        }
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
        for (String key : List.of("breath", "beats", "pass_patterns", "hearing", "harvester_hears")) {
            if (r.has(key)) {
                errors.add(t.keyError("/" + key, "direct." + key, "a rhythm without a talking piece has no " + key));
            }
        }
    }

    private static void placeholders(SourceTree t, List<RhythmError> errors) {
        placeholders(t, errors, "/prompts", "prompts.");
        JsonNode breath = t.root().path("breath");
        for (int i = 0; i < breath.size(); i++) {
            placeholders(t, errors, "/breath/" + i + "/prompts", "breath[" + i + "].prompts.");
        }
    }

    /** Each prompt under {@code at} uses only its own placeholders; {@code shown} names it in errors. */
    private static void placeholders(SourceTree t, List<RhythmError> errors, String at, String shown) {
        JsonNode prompts = t.root().at(at);
        for (Map.Entry<String, JsonNode> e : prompts.properties()) {
            PromptKind kind = PromptKind.ofKey(e.getKey());
            if (kind == null) {
                continue;
            }
            for (String name : Template.placeholders(e.getValue().asText())) {
                if (!kind.placeholders().contains(name)) {
                    errors.add(t.error(
                            at + "/" + e.getKey(),
                            "prompts.placeholder",
                            shown + e.getKey() + " uses unknown placeholder {" + name + "}; it accepts "
                                    + new TreeSet<>(kind.placeholders())));
                }
            }
        }
    }
}
