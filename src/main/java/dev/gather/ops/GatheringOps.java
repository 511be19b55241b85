package dev.gather.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.delivery.PostOffice;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringStatus;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.relay.Relay;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Rhythm;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import dev.gather.turn.Typed;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** The gathering ops other than start: status, end, members, rhythms, say, pass. */
public final class GatheringOps {
    private final Household d;
    private PullOps pulls;

    public GatheringOps(Household d) {
        this.d = d;
    }

    public void register(Dispatcher dispatcher) {
        StartGatheringOp start = new StartGatheringOp(d);
        PullOps pulls = new PullOps(d);
        pulls.register(dispatcher);
        dispatcher.on("join", new JoinOp(d, new MemberPanes(d), pulls)::handle);
        this.pulls = pulls;
        dispatcher
                .on("start_gathering", start::handle)
                .on("gathering_status", r -> {
                    Gathering g = find(r, "gathering_status");
                    return Ops.presence(d, g.id(), status(g.status(), d.post, d.relay));
                })
                .on("end_gathering", this::end)
                .on("list_members", this::members)
                .on("list_rhythms", r -> rhythms())
                .on("say", this::say)
                .on("pass", this::pass)
                .on("take", this::take)
                .on("clean", new CleanOp(d)::handle);
    }

    private Gathering find(Request r, String op) {
        Optional<String> id = r.optionalText("gathering");
        if (id.isPresent()) {
            return d.gatherings.all().stream()
                    .filter(g -> g.id().equals(id.get()))
                    .findFirst()
                    .orElseThrow(() -> new UserError(op + ": no gathering " + id.get() + "; running: " + running()));
        }
        if (r.callerPane().isPresent()) {
            Optional<Gathering> mine = d.gatherings.byPane(r.callerPane().get());
            if (mine.isPresent()) {
                return mine.get();
            }
        }
        List<Gathering> running = d.gatherings.running();
        if (running.size() == 1) {
            return running.get(0);
        }
        throw new UserError(op + ": say which gathering; running: " + running());
    }

    private String running() {
        List<String> ids = d.gatherings.running().stream().map(Gathering::id).toList();
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }

    /** A gathering's status; {@code degraded} says its journal refuses words (they wait in the spool). */
    static ObjectNode status(GatheringStatus s, PostOffice post, Relay relay) {
        ObjectNode o = Dispatcher.JSON
                .createObjectNode()
                .put("gathering_id", s.id())
                .put("rhythm", s.rhythm())
                .put("state", s.state().name().toLowerCase(Locale.ROOT))
                .put("phase", s.phase())
                .put("round", s.round())
                .put("rounds", s.rounds())
                .put("beat", s.beat())
                .put("turns", s.turn());
        // epoch millis by the daemon's clock, and that clock's now: a page counts down without trusting its own
        s.nextBeat().ifPresentOrElse(t -> o.put("next_beat_at", t.toEpochMilli()), () -> o.putNull("next_beat_at"));
        o.put("as_of", s.asOf().toEpochMilli());
        s.closedReason().ifPresent(why -> o.put("closed_reason", why));
        relay.degraded(s.id()).ifPresent(why -> o.put("degraded", why));
        s.holder().ifPresentOrElse(h -> o.put("holder", h.name()), () -> o.putNull("holder"));
        ArrayNode order = o.putArray("order");
        s.order().forEach(m -> order.add(m.name()));
        ArrayNode present = o.putArray("members");
        s.present().forEach(m -> present.add(Ops.member(m, post)));
        return o;
    }

    private ObjectNode end(Request r) {
        Gathering g = find(r, "end_gathering");
        if (g.closed()) {
            throw alreadyClosed(g);
        }
        String who = r.callerPane()
                .flatMap(p -> g.members().stream()
                        .filter(m -> m.pane().equals(Optional.of(p)))
                        .findFirst())
                .map(Member::name)
                .orElse("command");
        String reason = "ended by " + who;
        try {
            join(r.flag("now") ? g.endNow(reason + ", without a harvest") : g.end(reason));
        } catch (UserError e) {
            if (g.closed()) {
                // it closed by itself between the check and the end (a harvest just came in)
                throw alreadyClosed(g);
            }
            throw e;
        }
        return status(g.status(), d.post, d.relay);
    }

    private ObjectNode members(Request r) {
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        ArrayNode array = out.putArray("members");
        Optional<String> linkId = r.optionalText("link");
        if (linkId.isPresent()
                || r.optionalText("gathering").isEmpty()
                        && r.callerPane().flatMap(d.links::byPane).isPresent()) {
            Link link = linkId.flatMap(d.links::byId)
                    .or(() -> r.callerPane().flatMap(d.links::byPane))
                    .orElseThrow(() -> new UserError("list_members: no open link " + linkId.orElse("")));
            link.snapshot().members().forEach(m -> array.add(Ops.member(m, d.post)));
            out.put("link", link.id());
            return out;
        }
        Gathering g = find(r, "list_members");
        g.members().forEach(m -> array.add(Ops.member(m, d.post)));
        out.put("gathering", g.id());
        return out;
    }

    private ObjectNode rhythms() {
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        ArrayNode array = out.putArray("rhythms");
        for (Rhythm rh : d.rhythms.all()) {
            ObjectNode o = array.addObject()
                    .put("name", rh.name())
                    .put("description", rh.description())
                    .put("talking_piece", rh.talkingPiece())
                    .put("speakers_min", rh.roles().minSpeakers())
                    .put("speakers_max", rh.roles().maxSpeakers());
            ArrayNode phases = o.putArray("phases");
            for (Phase p : rh.breath()) {
                phases.addObject().put("phase", p.name()).put("rounds", p.rounds());
            }
            // the parts a starter may cast someone into by name (role: skeptic)
            rh.roles().parts().forEach(p -> o.withArray("parts").add(p.name()));
        }
        return out;
    }

    private ObjectNode say(Request r) {
        if (r.args().has("token")) {
            return pulls.say(r);
        }
        String text = r.text("text");
        String tooLong = Typed.refusal("say: the text", text);
        if (tooLong != null) {
            throw new UserError(tooLong);
        }
        Gathering g = find(r, "say");
        boolean holds = g.status().holder().map(h -> h.role() == Role.HUMAN).orElse(false);
        join(g.say(text));
        return Dispatcher.JSON.createObjectNode().put("relayed", holds).put("gathering_id", g.id());
    }

    private ObjectNode pass(Request r) {
        Gathering g;
        Member me;
        Optional<String> as = r.optionalText("as");
        if (r.args().has("token")) {
            // a pull member passes its own piece
            Pulls.Pull p = pulls.pull(r);
            g = d.gatherings
                    .byId(p.link)
                    .orElseThrow(() -> new UserError("pass: " + p.link + " is not a running gathering"));
            me = p.member;
        } else if (as.isPresent() || r.callerPane().isEmpty()) {
            // the human member has no pane: the user speaks for it from any terminal, as with say
            g = find(r, "pass");
            me = g.members().stream()
                    .filter(m -> m.role() == Role.HUMAN)
                    .filter(m -> as.map(n -> n.equalsIgnoreCase(m.name())).orElse(true))
                    .findFirst()
                    .orElseThrow(() -> new UserError("pass: " + g.id() + " has no human member"
                            + as.map(n -> " called " + n).orElse("")
                            + "; agents pass with pass_piece or from their own pane"));
        } else {
            String pane = d.verifiedPane(r.callerPane(), "pass");
            g = d.gatherings
                    .byPane(pane)
                    .orElseThrow(() -> new UserError("pass: pane " + pane + " is not in a running gathering"));
            me = g.members().stream()
                    .filter(m -> m.pane().equals(Optional.of(pane)))
                    .findFirst()
                    .orElseThrow();
        }
        join(g.pass(me, r.optionalText("to")));
        return Dispatcher.JSON
                .createObjectNode()
                .put("holder", g.status().holder().map(Member::name).orElse(""));
    }

    /**
     * {@code take}: the human member or the starter moves the piece from a stuck holder; refused for
     * an agent member (it passes its own piece), journalled with who did it.
     */
    private ObjectNode take(Request r) {
        Gathering g = find(r, "take");
        Optional<String> pane = r.callerPane();
        Optional<String> starter = d.runs.of(g.id()).flatMap(GatheringRuns.Run::starter);
        Optional<Member> member = pane.flatMap(p -> g.members().stream()
                .filter(m -> m.pane().equals(Optional.of(p)))
                .findFirst());
        String who;
        if (pane.isPresent() && pane.equals(starter)) {
            who = "the starter (pane " + pane.get() + ")";
        } else if (member.isPresent()) {
            throw new UserError("take: " + member.get().name()
                    + " is a member; only the human member or the gathering's starter takes the piece");
        } else {
            who = g.members().stream()
                    .filter(m -> m.role() == Role.HUMAN)
                    .findFirst()
                    .map(h -> h.name() + " (the human member"
                            + pane.map(p -> ", pane " + p).orElse(", at a terminal") + ")")
                    .orElseGet(() -> "the user" + pane.map(p -> " in pane " + p).orElse(" at a terminal"));
        }
        join(g.take(who, r.optionalText("to")));
        return status(g.status(), d.post, d.relay);
    }

    private static UserError alreadyClosed(Gathering g) {
        return new UserError("end_gathering: " + g.id() + " is already closed ("
                + g.closedReason().orElse("closed") + ")");
    }

    private static void join(CompletableFuture<Void> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            throw new UserError(
                    e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
        }
    }
}
