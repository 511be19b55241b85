package dev.gather.daemon;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Member;
import java.time.Duration;

/** Registers the daemon's basic ops; each complex op lives in a class of its own. */
final class Ops {
    private Ops() {}

    static void register(Daemon d) {
        SendOp send = new SendOp(d);
        d.dispatcher
                .on("hello", r -> Dispatcher.JSON
                        .createObjectNode()
                        .put("version", "1")
                        .put("pid", ProcessHandle.current().pid()))
                .on("send", send::handle)
                .on("links", r -> links(d))
                .on("status", r -> status(d))
                .on("transcript", r -> transcript(d, r))
                .on("shutdown", r -> {
                    d.stop();
                    return Dispatcher.JSON.createObjectNode().put("stopping", true);
                });
    }

    static ObjectNode links(Daemon d) {
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        ArrayNode array = out.putArray("links");
        d.links.all().forEach(l -> array.add(link(l.snapshot())));
        return out;
    }

    static ObjectNode link(Link.View v) {
        ObjectNode o = Dispatcher.JSON.createObjectNode().put("id", v.id()).put("rhythm", v.rhythm());
        ArrayNode members = o.putArray("members");
        v.members().forEach(m -> members.add(member(m)));
        o.put("turns_used", v.turnsUsed());
        if (v.turnBudget().isPresent()) {
            o.put("turn_budget", v.turnBudget().getAsInt());
        }
        return o;
    }

    static ObjectNode member(Member m) {
        ObjectNode o = Dispatcher.JSON
                .createObjectNode()
                .put("name", m.name())
                .put("number", m.number())
                .put("role", m.role().name().toLowerCase(java.util.Locale.ROOT));
        m.pane().ifPresentOrElse(p -> o.put("pane", p), () -> o.putNull("pane"));
        return o;
    }

    private static ObjectNode status(Daemon d) {
        ObjectNode out = links(d);
        ArrayNode gs = out.putArray("gatherings");
        d.gatherings.running().forEach(g -> gs.add(GatheringOps.status(g.status())));
        ArrayNode cut = out.putArray("interrupted");
        d.interrupted.forEach(cut::add);
        out.putObject("daemon")
                .put("pid", ProcessHandle.current().pid())
                .put("uptime_s", Duration.between(d.started, d.clock.instant()).toSeconds())
                .put("state_dir", d.state.root().toString());
        return out;
    }

    private static ObjectNode transcript(Daemon d, Request r) {
        String id = d.journals.choose(
                r.optionalText("link").or(() -> r.optionalText("gathering")).orElse(null));
        java.nio.file.Path file = d.journals.file(id);
        ObjectNode out = Dispatcher.JSON.createObjectNode().put("id", id);
        ArrayNode entries = out.putArray("entries");
        Transcript.read(file).forEach(entries::add);
        return out;
    }
}
