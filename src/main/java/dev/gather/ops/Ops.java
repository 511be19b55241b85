package dev.gather.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.about.Build;
import dev.gather.delivery.ChannelStatus;
import dev.gather.delivery.DeliveryState;
import dev.gather.delivery.Letter;
import dev.gather.delivery.PostOffice;
import dev.gather.journal.Lifecycle;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.relay.Relay;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.Stream;

/** Registers the daemon's basic ops; each complex op lives in a class of its own. */
public final class Ops {
    private Ops() {}

    public static void register(Household d) {
        SendOp send = new SendOp(d);
        d.dispatcher
                .on("hello", r -> Dispatcher.JSON
                        .createObjectNode()
                        .put("version", "1")
                        .put("gather", Build.line())
                        .put("pid", ProcessHandle.current().pid())
                        .put("computer", d.transport.computer()))
                .on("send", send::handle)
                .on("links", r -> links(d))
                .on("status", r -> status(d))
                .on("transcript", r -> transcript(d, r))
                .on("shutdown", r -> {
                    d.stop();
                    return Dispatcher.JSON.createObjectNode().put("stopping", true);
                });
    }

    static ObjectNode links(Household d) {
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        ArrayNode array = out.putArray("links");
        d.links.all().forEach(l -> {
            ObjectNode o = link(l.snapshot(), d.post, d.relay);
            presence(d, l.id(), o);
            // a gathering's link relays through its ceremony: its turns are the gathering's
            d.gatherings
                    .byId(l.id())
                    .ifPresent(g -> o.put("turns_used", g.status().turn()));
            array.add(o);
        });
        return out;
    }

    /** Marks each member without a pane in {@code o}'s members that pulls (join) as present or away. */
    static ObjectNode presence(Household d, String link, ObjectNode o) {
        for (JsonNode m : o.path("members")) {
            if (m.path("pane").isNull()) {
                d.links
                        .byId(link)
                        .flatMap(l -> l.snapshot().members().stream()
                                .filter(x -> x.name().equals(m.path("name").asText()))
                                .findFirst())
                        .flatMap(x -> d.pulls.of(link, x))
                        .ifPresent(p -> ((ObjectNode) m)
                                .put("presence", p.presence().name().toLowerCase(Locale.ROOT)));
            }
        }
        return o;
    }

    static ObjectNode link(Link.View v, PostOffice post, Relay relay) {
        ObjectNode o = Dispatcher.JSON.createObjectNode().put("id", v.id()).put("rhythm", v.rhythm());
        relay.degraded(v.id()).ifPresent(why -> o.put("degraded", why));
        ArrayNode members = o.putArray("members");
        v.members().forEach(m -> members.add(member(m, post)));
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
                .put("role", m.role().name().toLowerCase(Locale.ROOT));
        m.pane().ifPresentOrElse(p -> o.put("pane", p), () -> o.putNull("pane"));
        return o;
    }

    /** A member as a journal's roster names it. */
    static Lifecycle.Seat seat(Member m) {
        return new Lifecycle.Seat(
                m.name(),
                m.number(),
                m.role().name().toLowerCase(Locale.ROOT),
                m.pane().orElse(null));
    }

    /** A member with its delivery picture: state, profile, and every message not yet confirmed. */
    static ObjectNode member(Member m, PostOffice post) {
        ObjectNode o = member(m);
        m.pane().flatMap(post::status).ifPresent(s -> delivery(o, s));
        return o;
    }

    private static ObjectNode delivery(ObjectNode o, ChannelStatus s) {
        ObjectNode del = o.putObject("delivery")
                .put("state", s.state().name().toLowerCase(Locale.ROOT))
                .put("since", s.since().toString())
                .put("profile", s.profile())
                .put("door", s.door());
        s.note().ifPresent(n -> del.put("note", n));
        ArrayNode pending = del.putArray("pending");
        s.queued().forEach(l -> pending.add(letter(l, DeliveryState.QUEUED)));
        s.typing().ifPresent(l -> pending.add(letter(l, DeliveryState.TYPING)));
        s.handed().forEach(l -> pending.add(letter(l, DeliveryState.HANDED)));
        s.unconfirmed().forEach(l -> pending.add(letter(l, DeliveryState.DELIVERED)));
        return o;
    }

    /** How many files {@code dir} holds (at most 100,000: a count, not a walk through a flood). */
    private static long files(Path dir) {
        try (Stream<Path> in = Files.list(dir)) {
            return in.limit(100_000).count();
        } catch (IOException e) {
            return 0;
        }
    }

    private static ObjectNode letter(Letter l, DeliveryState state) {
        return Dispatcher.JSON
                .createObjectNode()
                .put("journal", l.journal())
                .put("ref", l.ref())
                .put("state", state.word());
    }

    private static ObjectNode status(Household d) {
        ObjectNode out = links(d);
        ArrayNode gs = out.putArray("gatherings");
        d.gatherings
                .running()
                .forEach(g -> gs.add(presence(d, g.id(), GatheringOps.status(g.status(), d.post, d.relay))));
        // every pane with messages not yet confirmed, or held up, whether or not it is in a link
        ArrayNode deliveries = out.putArray("deliveries");
        d.post.all().stream()
                .filter(s -> !s.queued().isEmpty()
                        || s.typing().isPresent()
                        || !s.handed().isEmpty()
                        || !s.unconfirmed().isEmpty()
                        || s.note().isPresent())
                .forEach(s -> deliveries.add(
                        delivery(Dispatcher.JSON.createObjectNode().put("pane", s.pane()), s)));
        // journals refusing writes, links or not (one-shot sends have a journal of their own)
        ObjectNode refusing = out.putObject("degraded");
        d.relay.degraded().forEach((id, why) -> refusing.put(id, "cannot write journal (" + why + ")"));
        // turns a hook handed over that the daemon has not taken, and those it refused (nothing proved who wrote them)
        out.putObject("spool")
                .put("waiting", files(d.state.spool().resolve("in")))
                .put("refused", files(d.state.spool().resolve("rejected")));
        ArrayNode cut = out.putArray("interrupted");
        d.interrupted.forEach(cut::add);
        ArrayNode resumed = out.putArray("resumed");
        d.resumed.forEach(resumed::add);
        // status must answer even when tmux does not, and say so: a killed server is the usual cause
        ObjectNode tmux = out.putObject("tmux");
        d.tmux.trouble()
                .ifPresentOrElse(
                        why -> tmux.put("ok", false).put("error", "tmux does not answer: " + why),
                        () -> tmux.put("ok", true));
        var late = d.scheduler.lateness();
        Runtime rt = Runtime.getRuntime();
        out.putObject("daemon")
                .put("heap_used_mb", (rt.totalMemory() - rt.freeMemory()) / (1024 * 1024))
                .put("timers_fired", late.fired())
                .put("timer_late_p50_ms", late.p50Millis())
                .put("timer_late_p99_ms", late.p99Millis())
                .put("pid", ProcessHandle.current().pid())
                .put("computer", d.transport.computer())
                .put("uptime_s", Duration.between(d.started, d.clock.instant()).toSeconds())
                .put("state_dir", d.state.root().toString());
        return out;
    }

    private static ObjectNode transcript(Household d, Request r) {
        String id = d.journals.choose(
                r.optionalText("link").or(() -> r.optionalText("gathering")).orElse(null));
        Path file = d.journals.file(id);
        ObjectNode out = Dispatcher.JSON.createObjectNode().put("id", id);
        ArrayNode entries = out.putArray("entries");
        Transcript.read(file).forEach(entries::add);
        return out;
    }
}
