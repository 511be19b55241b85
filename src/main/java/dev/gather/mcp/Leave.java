package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/** {@code leave}: this member (joined without a pane) leaves; the others are told. */
final class Leave implements GatherTool {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final PullSession session;

    Leave(PullSession session) {
        this.session = session;
    }

    @Override
    public String name() {
        return "leave";
    }

    @Override
    public String op() {
        return "leave";
    }

    @Override
    public ObjectNode request(Args args) {
        args.only(Set.of());
        return JSON.createObjectNode().put("token", session.required("leave"));
    }

    @Override
    public void answered(ObjectNode result) {
        session.left();
    }

    @Override
    public String text(ObjectNode result) {
        return Render.field(result, "name", "You") + " left.";
    }
}
