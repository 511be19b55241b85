package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code hear}: what was relayed to this member since a cursor (default: since its last hear). */
final class Hear extends SessionTool {
    Hear(PullSession session) {
        super("hear", "hear", session);
    }

    @Override
    public ObjectNode request(Args args) {
        ObjectNode r = JSON.createObjectNode().put("token", session.required("hear"));
        r.put(
                "after",
                args.optionalInt("after", 0, Integer.MAX_VALUE)
                        .map(Long::valueOf)
                        .orElse(session.cursor()));
        return r;
    }

    @Override
    public void answered(ObjectNode result) {
        session.heard(result.path("cursor").asLong());
    }

    @Override
    public String text(ObjectNode result) {
        StringBuilder out = new StringBuilder();
        for (JsonNode e : result.path("entries")) {
            String kind = e.path("kind").asText();
            out.append(
                    switch (kind) {
                        case "relay" -> e.path("typed").asText();
                        case "private" -> "(private to you, " + e.path("prompt").asText() + ") "
                                + e.path("text").asText();
                        default -> e.path("text").asText();
                    });
            out.append("\n\n");
        }
        if (out.length() == 0) {
            out.append("(nothing new)\n\n");
        }
        if (result.path("you_hold_the_piece").asBoolean()) {
            out.append("You hold the piece: say your words now.\n");
        }
        return out.append("cursor ").append(result.path("cursor").asLong()).toString();
    }
}
