package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/** Stage 3: a schema- and semantics-checked tree to immutable records. */
final class RecordStage {
    private RecordStage() {}

    static Rhythm toRhythm(JsonNode r) {
        List<Phase> breath = new ArrayList<>();
        for (JsonNode p : r.path("breath")) {
            breath.add(new Phase(
                    p.path("phase").asText(),
                    p.path("rounds").asInt(),
                    p.path("discipline").asText(""),
                    prompts(p.path("prompts")),
                    Voice.valueOf(p.path("voice").asText("open").toUpperCase(Locale.ROOT)),
                    Reveal.valueOf(p.path("reveal").asText("none").toUpperCase(Locale.ROOT))));
        }
        Beats beats = null;
        if (r.has("beats")) {
            JsonNode b = r.get("beats");
            beats = new Beats(
                    b.path("per_turn").asInt(),
                    Durations.parse(b.path("interval").asText()),
                    Durations.parse(b.path("grace").asText()),
                    b.hasNonNull("max_turn")
                            ? Optional.of(Durations.parse(b.path("max_turn").asText()))
                            : Optional.empty());
        }
        List<PassPattern> patterns = new ArrayList<>();
        for (JsonNode p : r.path("pass_patterns")) {
            patterns.add(new PassPattern(
                    Pattern.compile(p.path("pattern").asText()),
                    p.path("example").asText()));
        }
        JsonNode roles = r.path("roles");
        Roles rolesRecord = new Roles(
                roles.path("speakers").path("min").asInt(),
                roles.path("speakers").path("max").asInt(),
                roles.path("harvester").asInt(0),
                Roles.HumanRole.valueOf(roles.path("human").asText("none").toUpperCase(Locale.ROOT)),
                parts(roles.path("parts")));
        return new Rhythm(
                r.path("name").asText(),
                r.path("description").asText(),
                r.path("opening_question").asText(""),
                r.path("talking_piece").asBoolean(),
                breath,
                beats,
                patterns,
                rolesRecord,
                prompts(r.path("prompts")),
                r.has("turn_budget") ? OptionalInt.of(r.get("turn_budget").asInt()) : OptionalInt.empty(),
                new Listening(
                        Listening.Mode.valueOf(r.path("hearing").asText("live").toUpperCase(Locale.ROOT)),
                        Listening.HarvesterHears.valueOf(
                                r.path("harvester_hears").asText("harvest").toUpperCase(Locale.ROOT))));
    }

    private static Prompts prompts(JsonNode node) {
        Map<PromptKind, String> prompts = new EnumMap<>(PromptKind.class);
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            PromptKind k = PromptKind.ofKey(e.getKey());
            if (k != null) {
                prompts.put(k, e.getValue().asText());
            }
        }
        return new Prompts(prompts);
    }

    private static List<RolePart> parts(JsonNode node) {
        List<RolePart> parts = new ArrayList<>();
        for (JsonNode p : node) {
            parts.add(new RolePart(p.path("part").asText(), p.path("prompt").asText()));
        }
        return parts;
    }
}
