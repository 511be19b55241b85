package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * {@code join}: this client joins a running gathering or an open link as a named member without a
 * pane (it then hears, says, asks who); or, given a pane or an agent kind, adds that member instead.
 */
final class Join extends SessionTool {
    Join(PullSession session) {
        super("join", "join", session);
    }

    @Override
    public ObjectNode request(Args args) {
        Optional<String> gathering = args.optionalText("gathering", "a gathering id from gathering_status");
        Optional<String> link = args.optionalText("link", "a link id like link-1");
        if (gathering.isPresent() == link.isPresent()) {
            throw new BadArgument("join: give 'gathering' or 'link', one of them");
        }
        Optional<String> pane = args.optionalText("pane", "a pane id like %12");
        Optional<String> agent = args.optionalText("agent", "an agent kind like sim or claude");
        if (pane.isEmpty() && agent.isEmpty() && session.token().isPresent()) {
            throw new BadArgument("join: this session is already a member (" + session.name() + "); leave first");
        }
        ObjectNode r = JSON.createObjectNode().put("name", args.text("name", "the name others will see"));
        gathering.ifPresent(g -> r.put("gathering", g));
        link.ifPresent(l -> r.put("link", l));
        pane.ifPresent(p -> r.put("pane", p));
        agent.ifPresent(a -> r.put("agent", a));
        args.optionalInt("away_after_seconds", 1, 86_400).ifPresent(s -> r.put("away_after_seconds", s));
        args.optionalInt("leave_after_seconds", 1, 86_400).ifPresent(s -> r.put("leave_after_seconds", s));
        return r;
    }

    @Override
    public void answered(ObjectNode result) {
        session.joined(result);
        // the token is this session's identity: it stays here, not in what the agent reads or repeats
        result.remove("token");
    }

    @Override
    public String text(ObjectNode result) {
        String where = Render.field(result, "gathering_id", Render.field(result, "link", "?"));
        String who = Render.member(result.path("member"));
        return result.path("member").hasNonNull("pane")
                ? who + " joined " + where + "; it speaks from the next round."
                : "You joined " + where + " as " + who + ". Call hear to get what is said to you (your seed first);"
                        + " say speaks when you hold the piece.";
    }
}
