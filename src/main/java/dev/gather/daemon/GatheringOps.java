package dev.gather.daemon;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringStatus;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.Rhythm;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/** The gathering ops other than start: status, end, members, rhythms, say, pass. */
final class GatheringOps {
    private final Daemon d;

    GatheringOps(Daemon d) {
        this.d = d;
    }

    void register(Dispatcher dispatcher) {
        StartGatheringOp start = new StartGatheringOp(d);
        dispatcher
                .on("start_gathering", start::handle)
                .on("gathering_status", r -> status(find(r, "gathering_status").status(), d.post))
                .on("end_gathering", this::end)
                .on("list_members", this::members)
                .on("list_rhythms", r -> rhythms())
                .on("say", this::say)
                .on("pass", this::pass);
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

    static ObjectNode status(GatheringStatus s, dev.gather.delivery.PostOffice post) {
        ObjectNode o = Dispatcher.JSON
                .createObjectNode()
                .put("gathering_id", s.id())
                .put("rhythm", s.rhythm())
                .put("state", s.state().name().toLowerCase(Locale.ROOT))
                .put("phase", s.phase())
                .put("round", s.round())
                .put("rounds", s.rounds())
                .put("beat", s.beat());
        s.holder().ifPresentOrElse(h -> o.put("holder", h.name()), () -> o.putNull("holder"));
        ArrayNode order = o.putArray("order");
        s.order().forEach(m -> order.add(m.name()));
        ArrayNode present = o.putArray("members");
        s.present().forEach(m -> present.add(Ops.member(m, post)));
        return o;
    }

    private ObjectNode end(Request r) {
        Gathering g = find(r, "end_gathering");
        String who = r.callerPane()
                .flatMap(p -> g.members().stream()
                        .filter(m -> m.pane().equals(Optional.of(p)))
                        .findFirst())
                .map(Member::name)
                .orElse("command");
        join(g.end("ended by " + who));
        return status(g.status(), d.post);
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
        }
        return out;
    }

    private ObjectNode say(Request r) {
        Gathering g = find(r, "say");
        String text = r.text("text");
        String tooLong = dev.gather.turn.Typed.refusal("say: the text", text);
        if (tooLong != null) {
            throw new UserError(tooLong);
        }
        boolean holds = g.status()
                .holder()
                .map(h -> h.role() == dev.gather.link.Role.HUMAN)
                .orElse(false);
        join(g.say(text));
        return Dispatcher.JSON.createObjectNode().put("relayed", holds).put("gathering_id", g.id());
    }

    private ObjectNode pass(Request r) {
        Gathering g;
        Member me;
        if (r.callerPane().isEmpty()) {
            // a caller without a pane (gather pass in a plain terminal, the web page) is the human member, as for say
            g = find(r, "pass");
            me = g.members().stream()
                    .filter(m -> m.role() == dev.gather.link.Role.HUMAN)
                    .findFirst()
                    .orElseThrow(() -> new UserError("pass: gathering " + g.id()
                            + " has no human member; run gather pass in the pane of the member who holds the piece"));
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

    private static void join(java.util.concurrent.CompletableFuture<Void> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            throw new UserError(
                    e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
        }
    }
}
