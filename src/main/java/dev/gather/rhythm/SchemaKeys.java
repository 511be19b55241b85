package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The keys the schema allows at a place in the document, for "did you mean" hints. */
final class SchemaKeys {
    private SchemaKeys() {}

    static List<String> allowedAt(JsonNode schema, String pointer) {
        JsonNode node = resolve(schema, schema);
        if (!pointer.isEmpty()) {
            for (String part : pointer.substring(1).split("/")) {
                if (part.matches("[0-9]+") && node.has("items")) {
                    node = resolve(schema, node.get("items"));
                } else if (node.path("properties").has(part)) {
                    node = resolve(schema, node.path("properties").get(part));
                } else {
                    return List.of();
                }
            }
        }
        List<String> keys = new ArrayList<>();
        node.path("properties").fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static JsonNode resolve(JsonNode root, JsonNode node) {
        JsonNode ref = node.get("$ref");
        return ref != null && ref.asText().startsWith("#/")
                ? root.at(ref.asText().substring(1))
                : node;
    }
}
