package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code end_gathering}: ends a gathering, asking the harvester first unless {@code now}. */
final class EndGathering extends SessionTool {
    EndGathering(PullSession session) {
        super("end_gathering", "end_gathering", session);
    }

    @Override
    public ObjectNode request(Args args) {
        String id = args.text("gathering", "a gathering id from start_gathering or gathering_status");
        ObjectNode r = JSON.createObjectNode().put("gathering", id).put("now", args.flag("now"));
        if (session.startedHere(id)) {
            // the session that started it owns it, pane or not: it ends it as the operator, journalled
            r.put("operator", true);
        }
        return r;
    }

    @Override
    public String text(ObjectNode result) {
        return "Gathering " + Render.field(result, "gathering_id", "?") + " is "
                + Render.field(result, "state", "ending") + ".";
    }
}
