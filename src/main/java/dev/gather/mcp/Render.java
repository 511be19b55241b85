package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/** Readable lines for the parts of daemon results several tools share. */
final class Render {
    private Render() {}

    /** One line per member: {@code 2. Ada (speaker) in pane %12}. */
    static String members(JsonNode members) {
        if (!members.isArray() || members.isEmpty()) {
            return "  (no members)";
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode m : members) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append("  ").append(member(m));
        }
        return out.toString();
    }

    static String member(JsonNode m) {
        StringBuilder s = new StringBuilder();
        if (m.hasNonNull("number")) {
            s.append(m.path("number").asText()).append(". ");
        }
        s.append(m.path("name").asText("?"));
        if (m.hasNonNull("role")) {
            s.append(" (").append(m.path("role").asText()).append(')');
        }
        s.append(m.hasNonNull("pane") ? " in pane " + m.path("pane").asText() : " (no pane)");
        return s.toString();
    }

    /** {@code text} of {@code node}'s field, or {@code fallback} when absent. */
    static String field(JsonNode node, String name, String fallback) {
        JsonNode v = node.path(name);
        return v.isMissingNode() || v.isNull() ? fallback : v.asText();
    }
}
