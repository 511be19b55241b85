package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** {@code list_rhythms}: what start_gathering can run. */
final class ListRhythms extends Tool {
    ListRhythms() {
        super("list_rhythms", "list_rhythms");
    }

    @Override
    public ObjectNode request(Args args) {
        return JSON.createObjectNode();
    }

    @Override
    public String text(ObjectNode result) {
        JsonNode rhythms = result.path("rhythms");
        if (!rhythms.isArray() || rhythms.isEmpty()) {
            return "No rhythms are installed.";
        }
        StringBuilder out = new StringBuilder("Rhythms:");
        for (JsonNode r : rhythms) {
            out.append("\n- ").append(Render.field(r, "name", "?"));
            if (r.hasNonNull("description")) {
                out.append(": ").append(r.path("description").asText());
            }
            if (r.hasNonNull("speakers_min") || r.hasNonNull("speakers_max")) {
                out.append(" (speakers ")
                        .append(Render.field(r, "speakers_min", "?"))
                        .append('-')
                        .append(Render.field(r, "speakers_max", "?"))
                        .append(r.path("talking_piece").asBoolean(false) ? ", talking piece" : "")
                        .append(
                                r.path("parts").isEmpty()
                                        ? ""
                                        : ", parts to cast by role: " + String.join(", ", texts(r.path("parts"))))
                        .append(')');
            }
        }
        return out.toString();
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
