package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * schemas/journal.schema.json says what the records of {@link Entry} write: one definition per kind,
 * each with exactly the record's fields (in snake case, plus time and kind), requiring those the
 * record always writes, each of the JSON type its component has. Unknown kinds and missing fields
 * are rejected.
 */
class JournalSchemaTest {
    private static final PropertyNamingStrategies.NamingBase SNAKE =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

    @Test
    void eachKindHasOneDefinitionAndTheKindsAreTheRecords() {
        JsonNode schema = JournalSchema.tree();
        Set<String> listed = new TreeSet<>();
        schema.path("properties").path("kind").path("enum").forEach(k -> listed.add(k.asText()));
        Set<String> kinds = new TreeSet<>(Entries.kinds().values());
        assertEquals(kinds, listed, "the schema's kinds are Entry's");
        Set<String> branched = new TreeSet<>();
        schema.path("allOf").forEach(b -> {
            String kind = b.at("/if/properties/kind/const").asText();
            assertEquals("#/$defs/" + kind, b.at("/then/$ref").asText(), kind);
            branched.add(kind);
        });
        assertEquals(kinds, branched, "each kind is checked against its own definition");
    }

    @Test
    void eachDefinitionHasTheFieldsItsRecordWrites() {
        JsonNode defs = JournalSchema.tree().path("$defs");
        List<String> wrong = new ArrayList<>();
        Entries.kinds().forEach((record, kind) -> wrong.addAll(compare(kind, record, defs.path(kind))));
        wrong.addAll(compare("seat", Lifecycle.Seat.class, defs.path("seat")));
        assertEquals(List.of(), wrong);
    }

    private static List<String> compare(String kind, Class<?> record, JsonNode def) {
        List<String> wrong = new ArrayList<>();
        Set<String> fields = new LinkedHashSet<>();
        Set<String> required = new TreeSet<>();
        if (!kind.equals("seat")) {
            fields.addAll(List.of("time", "kind"));
            required.addAll(List.of("time", "kind"));
        }
        for (RecordComponent c : record.getRecordComponents()) {
            // a component named for a Java keyword says its JSON name (spawned's for)
            JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
            String name = named != null ? named.value() : SNAKE.translate(c.getName());
            fields.add(name);
            JsonInclude include = c.getAccessor().getAnnotation(JsonInclude.class);
            if (include == null || include.value() == JsonInclude.Include.ALWAYS) {
                required.add(name);
            }
            String type = jsonType(c.getGenericType(), include);
            JsonNode property = def.path("properties").path(name);
            String allowed = typeOf(property, def);
            // a string the schema narrows to some words (a delivery's state, a role) is still a string
            boolean narrowed = type.equals("string") && allowed.startsWith("enum");
            if (!property.isMissingNode() && !type.equals(allowed) && !narrowed) {
                wrong.add(kind + "." + name + " is " + typeOf(property, def) + " in the schema, " + type + " in "
                        + record.getSimpleName());
            }
        }
        Set<String> defined = new TreeSet<>();
        def.path("properties").fieldNames().forEachRemaining(defined::add);
        if (!defined.equals(new TreeSet<>(fields))) {
            wrong.add(kind + ": the schema has " + defined + ", " + record.getSimpleName() + " writes " + fields);
        }
        Set<String> needed = new TreeSet<>();
        def.path("required").forEach(r -> needed.add(r.asText()));
        if (!needed.equals(required)) {
            wrong.add(kind + ": the schema requires " + needed + ", " + record.getSimpleName() + " always writes "
                    + required);
        }
        if (!def.path("additionalProperties").isBoolean()
                || def.path("additionalProperties").asBoolean()) {
            wrong.add(kind + ": fields no record writes must be rejected");
        }
        return wrong;
    }

    /** The JSON type a component is written as; a string always written but maybe null is "string|null". */
    private static String jsonType(Type t, JsonInclude include) {
        Class<?> raw = t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) t;
        if (raw.isEnum()) {
            return "enum" + words(raw);
        } else if (raw == String.class) {
            return include != null && include.value() == JsonInclude.Include.ALWAYS ? "string|null" : "string";
        } else if (raw == int.class || raw == long.class || raw == Integer.class || raw == Long.class) {
            return "integer";
        } else if (raw == boolean.class) {
            return "boolean";
        } else if (List.class.isAssignableFrom(raw)) {
            return "array";
        } else if (Map.class.isAssignableFrom(raw)) {
            return "object";
        }
        throw new AssertionError("no JSON type for " + t);
    }

    /** The words an enum is written as, in its order. */
    private static List<String> words(Class<?> e) {
        List<String> out = new ArrayList<>();
        for (Object c : e.getEnumConstants()) {
            out.add(new ObjectMapper().convertValue(c, String.class));
        }
        return out;
    }

    /** The JSON type a property of the schema allows, following a {@code $ref} to a definition. */
    private static String typeOf(JsonNode property, JsonNode def) {
        if (property.has("$ref")) {
            String ref = property.path("$ref").asText();
            return typeOf(JournalSchema.tree().at(ref.substring(1)), def);
        }
        if (property.has("const")) {
            return property.path("const").isBoolean() ? "boolean" : "string";
        }
        if (property.has("enum")) {
            List<String> all = new ArrayList<>();
            property.path("enum").forEach(x -> all.add(x.asText()));
            return "enum" + all;
        }
        JsonNode type = property.path("type");
        if (type.isArray()) {
            List<String> all = new ArrayList<>();
            type.forEach(x -> all.add(x.asText()));
            return String.join("|", all);
        }
        return type.asText();
    }

    @Test
    void theProtocolDocumentsEachKind() throws Exception {
        String doc = Files.readString(Path.of("docs/protocol.md"));
        String table = doc.substring(doc.indexOf("## Journal entries"));
        List<String> missing = Entries.kinds().values().stream()
                .filter(k -> !table.contains("\n| " + k + " | "))
                .toList();
        assertEquals(List.of(), missing, "docs/protocol.md's table of journal entries lacks these kinds");
    }

    @Test
    void anUnknownKindARelayWithoutFromAndAStrayFieldAreRejected() {
        String relay = "{\"time\":\"2026-11-28T14:30:00Z\",\"kind\":\"relay\",\"link\":\"l-1\",\"from\":\"Ada\","
                + "\"from_number\":1,\"to\":[\"Bo\"],\"text\":\"hi\",\"panes\":{\"Bo\":\"%2\"}}";
        assertEquals(List.of(), JournalSchema.problems(relay));
        assertFalse(JournalSchema.problems(relay.replace("\"kind\":\"relay\"", "\"kind\":\"relayed\""))
                .isEmpty());
        List<String> noFrom = JournalSchema.problems(relay.replace("\"from\":\"Ada\",", ""));
        assertTrue(noFrom.toString().contains("from"), noFrom.toString());
        assertFalse(JournalSchema.problems(relay.replace("\"text\":\"hi\"", "\"text\":\"hi\",\"txt\":\"hi\""))
                .isEmpty());
        assertFalse(JournalSchema.problems("{\"time\":\"2026-11-28T14:30:00Z\",\"text\":\"no kind\"}")
                .isEmpty());
    }
}
