package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code leave}: this member (joined without a pane) leaves; the others are told. */
final class Leave extends SessionTool {
    Leave(PullSession session) {
        super("leave", "leave", session);
    }

    @Override
    public ObjectNode request(Args args) {
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
