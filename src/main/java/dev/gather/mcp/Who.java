package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/** {@code who}: the members of the gathering or link this session joined (or one named), with their states. */
final class Who implements GatherTool {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final PullSession session;

    Who(PullSession session) {
        this.session = session;
    }

    @Override
    public String name() {
        return "who";
    }

    @Override
    public String op() {
        return "who";
    }

    @Override
    public ObjectNode request(Args args) {
        args.only(Set.of("gathering", "link"));
        ObjectNode r = JSON.createObjectNode();
        session.token().ifPresent(t -> r.put("token", t));
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
