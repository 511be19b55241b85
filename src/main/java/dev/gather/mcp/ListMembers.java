package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/** {@code list_members}: who is in a link or a gathering. */
final class ListMembers extends Tool {
    ListMembers() {
        super("list_members", "list_members");
    }

    @Override
    public ObjectNode request(Args args) {
        Optional<String> link = args.optionalText("link", "a link id like link-1");
        Optional<String> gathering = args.optionalText("gathering", "a gathering id");
        if (link.isPresent() && gathering.isPresent()) {
            throw new BadArgument("list_members: give 'link' or 'gathering', not both");
        }
        ObjectNode r = JSON.createObjectNode();
        link.ifPresent(l -> r.put("link", l));
        gathering.ifPresent(g -> r.put("gathering", g));
        return r;
    }

    @Override
    public String text(ObjectNode result) {
        return "Members:\n" + Render.members(result.path("members"));
    }
}
