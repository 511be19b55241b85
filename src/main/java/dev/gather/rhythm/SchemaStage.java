package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import dev.gather.about.Shipped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stage 2: the JSON Schema in schemas/rhythm.schema.json, the authority on the format. Built once per
 * process; each error is placed at its key or value and says which rule it broke.
 */
final class SchemaStage {
    static final String RESOURCE = "/schemas/rhythm.schema.json";
    private static final SchemaStage RHYTHM = new SchemaStage(RESOURCE, "the rhythm");

    private final String resource;
    private final String noun;
    private final JsonNode schemaJson;
    private final Schema schema;

    /** The stage for the schema at class-path {@code resource}; {@code noun} names a whole file in errors. */
    SchemaStage(String resource, String noun) {
        this.resource = resource;
        this.noun = noun;
        this.schemaJson = read();
        this.schema = build(schemaJson);
    }

    static List<RhythmError> check(SourceTree tree) {
        return RHYTHM.validate(tree);
    }

    List<RhythmError> validate(SourceTree tree) {
        List<RhythmError> errors = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (Error e : schema.validate(tree.root())) {
            String pointer = pointer(e.getInstanceLocation());
            String keyword = e.getKeyword();
            RhythmError err;
            if ("additionalProperties".equals(keyword) && e.getProperty() != null) {
                String child = pointer + "/" + e.getProperty();
                err = tree.keyError(child, "schema.unknown-key", unknownKey(pointer, e.getProperty()));
            } else if ("required".equals(keyword) && e.getProperty() != null) {
                err = tree.error(pointer, "schema.required", missing(pointer, e));
            } else if ("pattern".equals(keyword)
                    && String.valueOf(e.getSchemaLocation()).contains("/duration/")) {
                err = tree.error(
                        pointer,
                        "schema.duration",
                        SourceTree.dotted(pointer)
                                + " must be a duration like 90s, 2m, 1m30s or 500ms, at most six digits a unit"
                                + found(tree.root().at(pointer)));
            } else {
                err = tree.error(
                        pointer,
                        "schema." + keyword,
                        SourceTree.dotted(pointer) + " " + message(e)
                                + found(tree.root().at(pointer)));
            }
            if (seen.add(err.toString())) {
                errors.add(err);
            }
        }
        errors.sort(Comparator.comparingInt(RhythmError::line).thenComparingInt(RhythmError::column));
        return errors;
    }

    /**
     * A key the schema requires; one required only under a condition (a talking piece, or none)
     * says which, from the description of its {@code then} branch, so the author learns why.
     */
    private String missing(String pointer, Error e) {
        String location = String.valueOf(e.getSchemaLocation());
        int then = location.indexOf("/then/");
        int hash = location.indexOf('#');
        if (then < 0 || hash < 0) {
            return where(pointer) + "is missing required key '" + e.getProperty() + "'";
        }
        String why = schemaJson
                .at(location.substring(hash + 1, then + "/then".length()))
                .path("description")
                .asText();
        String key = pointer.isEmpty() ? e.getProperty() : SourceTree.dotted(pointer) + "." + e.getProperty();
        return why + " " + key;
    }

    private String where(String pointer) {
        return pointer.isEmpty() ? noun + " " : SourceTree.dotted(pointer) + " ";
    }

    private String unknownKey(String pointer, String key) {
        List<String> allowed = SchemaKeys.allowedAt(schemaJson, pointer);
        String suggestion = Suggest.closest(key, allowed)
                .map(s -> "; did you mean '" + s + "'?")
                .orElse("; allowed: " + String.join(", ", allowed));
        return "unknown key '" + key + "' in " + (pointer.isEmpty() ? noun : SourceTree.dotted(pointer)) + suggestion;
    }

    private static String message(Error e) {
        String m = e.getMessage();
        // networknt prefixes the instance location; we place the error ourselves
        int colon = m.indexOf(": ");
        if (m.startsWith("$") && colon > 0) {
            m = m.substring(colon + 2);
        }
        return m;
    }

    private static String found(JsonNode value) {
        if (value == null || value.isMissingNode() || value.isContainerNode()) {
            return "";
        }
        String v = value.isTextual() ? "'" + value.asText() + "'" : value.toString();
        return " (found " + (v.length() > 60 ? v.substring(0, 60) + "…" : v) + ")";
    }

    static String pointer(NodePath path) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object el = path.getElement(i);
            s.append('/').append(String.valueOf(el).replace("~", "~0").replace("/", "~1"));
        }
        return s.toString();
    }

    private JsonNode read() {
        try {
            return new ObjectMapper().readTree(Shipped.text(resource, "schema " + resource));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the schema " + resource, e);
        }
    }

    private static Schema build(JsonNode json) {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(json);
    }

    /** A schema validator built from scratch, for the benchmark's baseline. */
    static List<Error> validateWithFreshSchema(JsonNode instance) {
        return build(RHYTHM.schemaJson).validate(instance);
    }
}
