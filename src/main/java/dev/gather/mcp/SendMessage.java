package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code send_message}: a one-shot message, the direct-link handshake, or closing the caller's link. */
final class SendMessage extends Tool {
    SendMessage() {
        super("send_message", "send");
    }

    @Override
    public ObjectNode request(Args args) {
        boolean direct = args.flag("direct");
        if (args.flag("close_link")) {
            if (direct) {
                throw new BadArgument("send_message: give close_link=true or direct=true, not both");
            }
            return JSON.createObjectNode().put("close_link", true);
        }
        ObjectNode r = JSON.createObjectNode()
                .put("to", args.text("to", "a pane id like %12, a tmux session name, a member name or computer:%12"))
                .put("message", args.text("message", "the words to deliver"))
                .put("direct", direct);
        args.optionalText("to_name", "the recipient's name in attributions").ifPresent(n -> r.put("to_name", n));
        if (args.has("expect_reply")) {
            r.put("expect_reply", args.flag("expect_reply"));
        }
        return r;
    }

    @Override
    public String text(ObjectNode result) {
        if (result.has("left")) {
            return "You left gathering " + result.path("left").asText() + "; the circle goes on without you.";
        }
        if (result.has("closed")) {
            return "Closed link " + result.path("closed").asText() + "; its members were told.";
        }
        StringBuilder out = new StringBuilder();
        JsonNode link = result.path("link");
        if (link.isObject()) {
            out.append("Linked in ")
                    .append(Render.field(link, "id", "?"))
                    .append(": from now on each member's turn output is typed into the others' panes.\n")
                    .append(Render.members(link.path("members")))
                    .append('\n');
        }
        JsonNode delivered = result.path("delivered");
        if (!delivered.isArray() || delivered.isEmpty()) {
            out.append("Nothing was delivered.");
        }
        for (JsonNode d : delivered) {
            out.append(Render.field(d, "to", "?"));
            if (d.hasNonNull("pane")) {
                out.append(" (").append(d.path("pane").asText()).append(')');
            }
            out.append(": ").append(Render.field(d, "state", "unknown"));
            if (d.hasNonNull("reason")) {
                out.append(" (").append(d.path("reason").asText()).append(')');
            }
            out.append('\n');
        }
        // the words went out; only the gathering's copy of them is missing
        if (result.hasNonNull("transcript")) {
            out.append("Sent, but ").append(result.path("transcript").asText()).append('\n');
        }
        String reply = result.path("reply").asText("");
        if (reply.equals("expected")) {
            out.append("Their final words of the turn that takes your message will be typed back to you once,"
                    + " after your turn ends.");
        } else if (reply.equals("off")) {
            out.append("No reply expected (expect_reply=false).");
        } else if (!reply.isEmpty()) {
            out.append("No reply will come back (")
                    .append(reply.replaceFirst("^none: ", ""))
                    .append(").");
        }
        return out.toString().strip();
    }
}
