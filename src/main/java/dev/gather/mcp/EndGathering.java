package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/** {@code end_gathering}: ends a gathering, asking the harvester first unless {@code now}. */
final class EndGathering implements GatherTool {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String name() {
        return "end_gathering";
    }

    @Override
    public String op() {
        return "end_gathering";
    }

    @Override
    public ObjectNode request(Args args) {
        args.only(Set.of("gathering", "now"));
        return JSON.createObjectNode()
                .put("gathering", args.text("gathering", "a gathering id from start_gathering or gathering_status"))
                .put("now", args.flag("now"));
    }

    @Override
    public String text(ObjectNode result) {
        return "Gathering " + Render.field(result, "gathering_id", "?") + " is "
                + Render.field(result, "state", "ending") + ".";
    }
}
