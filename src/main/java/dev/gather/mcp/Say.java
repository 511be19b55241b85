package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/** {@code say}: this member (joined without a pane) speaks; in a gathering only while it holds the piece. */
final class Say implements GatherTool {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final PullSession session;

    Say(PullSession session) {
        this.session = session;
    }

    @Override
    public String name() {
        return "say";
    }

    @Override
    public String op() {
        return "say";
    }

    @Override
    public ObjectNode request(Args args) {
        args.only(Set.of("text"));
        return JSON.createObjectNode()
                .put("token", session.required("say"))
                .put("text", args.text("text", "your words, as you want the others to read them"));
    }

    @Override
    public String text(ObjectNode result) {
        return "Said; relayed to the others.";
    }
}
