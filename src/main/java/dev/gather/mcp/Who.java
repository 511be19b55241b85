package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code who}: the members of the gathering or link this session joined (or one named), with their states. */
final class Who extends SessionTool {
    Who(PullSession session) {
        super("who", "who", session);
    }

    @Override
    public ObjectNode request(Args args) {
        ObjectNode r = requestAsMember();
        args.optionalText("gathering", "a gathering id").ifPresent(g -> r.put("gathering", g));
        args.optionalText("link", "a link id").ifPresent(l -> r.put("link", l));
        return r;
    }

    @Override
    public String text(ObjectNode result) {
        StringBuilder out = new StringBuilder("Members:");
        for (JsonNode m : result.path("members")) {
            out.append("\n  ")
                    .append(Render.member(m))
                    .append(": ")
                    .append(m.path("state").asText());
            if (m.path("holds_piece").asBoolean()) {
                out.append(", holds the piece");
            }
        }
        return out.toString();
    }
}
