package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code say}: this member (joined without a pane) speaks; in a gathering only while it holds the piece. */
final class Say extends SessionTool {
    Say(PullSession session) {
        super("say", "say", session);
    }

    @Override
    public ObjectNode request(Args args) {
        return JSON.createObjectNode()
                .put("token", session.required("say"))
                .put("text", args.text("text", "your words, as you want the others to read them"));
    }

    @Override
    public String text(ObjectNode result) {
        return "Said; relayed to the others.";
    }
}
