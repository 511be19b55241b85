package dev.gather.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.Gathering;
import dev.gather.journal.Entry;
import dev.gather.journal.JournalUnavailable;
import dev.gather.journal.Lifecycle;
import dev.gather.journal.Line;
import dev.gather.journal.Message;
import dev.gather.journal.Transcript;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import dev.gather.turn.Typed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ops of members without a pane (pull membership): {@code hear} what was relayed to it since a
 * cursor (read from the journal, so the same cursor reads the same again), {@code say} (with the
 * token; in a gathering only with the piece), {@code who}, {@code leave}; and the sweep that shows
 * a member that stopped hearing as away, then lets it leave.
 */
final class PullOps {
    private static final Logger LOG = LoggerFactory.getLogger(PullOps.class);
    /** How often the sweep looks, while there are pull members. */
    private static final Duration SWEEP = Duration.ofMillis(500);

    private final Household d;
    private final AtomicBoolean sweeping = new AtomicBoolean();

    PullOps(Household d) {
        this.d = d;
    }

    void register(Dispatcher dispatcher) {
        dispatcher.on("hear", this::hear).on("who", this::who).on("leave", this::leave);
    }

    Pulls.Pull add(String link, Member m, long joinedAt, Duration away, Duration leave) {
        Pulls.Pull p = d.pulls.add(link, m, joinedAt, away, leave);
        if (sweeping.compareAndSet(false, true)) {
            d.scheduler.after(SWEEP, this::sweep);
        }
        return p;
    }

    /** The pull member a request's {@code token} names, now counted as pulling. */
    Pulls.Pull pull(Request r) {
        String token = r.text("token");
        return d.pulls
                .touch(token)
                .orElseThrow(() -> new UserError(r.op() + ": no member holds this token (it left, was sent away"
                        + " for not hearing, or the daemon restarted); join again"));
    }

    private ObjectNode hear(Request r) {
        Pulls.Pull p = pull(r);
        long asked = r.args().has("after") ? after(r) : p.joinedAt;
        // what was said before it joined was never relayed to it: its seed tells it instead
        long after = Math.max(asked, p.joinedAt);
        Path file = d.journals.file(p.link);
        List<JsonNode> journal = Files.exists(file) ? Transcript.read(file) : List.of();
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        ArrayNode entries = out.putArray("entries");
        Transcript.lines(journal).stream().filter(l -> l.n() > after).forEach(l -> heard(l, p.member.name())
                .ifPresent(entries::add));
        out.put("cursor", Math.max(after, journal.size()));
        Optional<Gathering> g = d.gatherings.byId(p.link);
        out.put("open", d.links.byId(p.link).isPresent());
        g.ifPresent(x -> {
            out.put("gathering_id", x.id());
            Optional<Member> holder = x.status().holder();
            holder.ifPresentOrElse(h -> out.put("holder", h.name()), () -> out.putNull("holder"));
            out.put("you_hold_the_piece", holder.filter(p.member::equals).isPresent());
        });
        if (g.isEmpty()) {
            out.put("link", p.link);
        }
        return out;
    }

    /** Entry {@code l} of the journal as {@code name} hears it, if it was said to it at all. */
    static Optional<ObjectNode> heard(Line l, String name) {
        Entry e = l.entry();
        if (e instanceof Message.Relay r && r.held().contains(name)
                || e instanceof Message.Announce a && a.held().contains(name)) {
            // kept for it (digest hearing): it hears this with its own next prompt, not now
            return Optional.empty();
        }
        ObjectNode o = Dispatcher.JSON.createObjectNode().put("ref", l.n()).put("kind", e.kind());
        if (e instanceof Message.Relay r && r.to().contains(name)) {
            o.put("from", r.from()).put("from_number", r.fromNumber()).put("text", r.text());
            o.put("typed", "[" + r.from() + "] (" + r.fromNumber() + "):\n\n" + r.text());
        } else if (e instanceof Message.Private p && p.to().equals(name)) {
            o.put("private", true).put("prompt", p.prompt().word()).put("text", p.text());
        } else if (e instanceof Message.Announce a && !(a.prompt().sparesItsMember() && name.equals(a.member()))) {
            o.put("prompt", a.prompt().word()).put("text", a.text());
        } else if (e instanceof Message.Notice n) {
            o.put("text", n.text());
        } else if (e instanceof Lifecycle.Close c) {
            o.put("text", c.text());
        } else if (e instanceof Lifecycle.Left left) {
            o.put("text", left.text());
        } else {
            return Optional.empty();
        }
        return Optional.of(o);
    }

    /** {@code say} with a token: the pull member speaks, by the same path as a pane's turn end. */
    ObjectNode say(Request r) {
        Pulls.Pull p = pull(r);
        String text = r.text("text");
        String tooLong = Typed.refusal("say: the text", text);
        if (tooLong != null) {
            throw new UserError(tooLong);
        }
        Link link = d.links.byId(p.link).orElseThrow(() -> new UserError("say: " + p.link + " has closed"));
        Optional<Gathering> g = d.gatherings.byId(p.link);
        if (g.isPresent()) {
            Optional<Member> holder = g.get().status().holder();
            if (holder.filter(p.member::equals).isEmpty()) {
                throw new UserError("say: "
                        + holder.map(h -> "the piece is with " + h.name()).orElse("nobody holds the piece now")
                        + "; in a gathering only the holder is heard. Nothing was said: hear until it says"
                        + " 'The piece is now with " + p.member.name() + "'");
            }
        }
        if (d.relay.filtered(text).isEmpty()) {
            throw new UserError("say: there is nothing to relay in that (empty, or only a checkpoint)");
        }
        d.relay.speak(link, p.member, text, d.clock.instant());
        ObjectNode out = Dispatcher.JSON.createObjectNode().put("relayed", true);
        g.ifPresentOrElse(x -> out.put("gathering_id", x.id()), () -> out.put("link", link.id()));
        return out;
    }

    private ObjectNode who(Request r) {
        Optional<Pulls.Pull> me = r.args().has("token") ? Optional.of(pull(r)) : Optional.empty();
        String id = me.map(p -> p.link)
                .or(() -> r.optionalText("gathering"))
                .or(() -> r.optionalText("link"))
                .or(() -> r.callerPane().flatMap(d.links::byPane).map(Link::id))
                .orElseThrow(() -> new UserError("who: say which gathering or link (or join one first)"));
        Link link = d.links.byId(id).orElseThrow(() -> new UserError("who: " + id + " is not open"));
        Optional<Gathering> g = d.gatherings.byId(id);
        Optional<Member> holder = g.flatMap(x -> x.status().holder());
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        out.put(g.isPresent() ? "gathering_id" : "link", id);
        holder.ifPresent(h -> out.put("holder", h.name()));
        me.ifPresent(p -> out.put("you", p.member.name()));
        ArrayNode members = out.putArray("members");
        for (Member m : link.snapshot().members()) {
            ObjectNode o = Ops.member(m, d.post);
            o.put("state", state(link.id(), m, o));
            o.put("holds_piece", holder.filter(m::equals).isPresent());
            members.add(o);
        }
        return out;
    }

    /** One word for where a member is: a pull member present or away; a pane by its delivery state. */
    private String state(String link, Member m, ObjectNode shown) {
        if (m.pane().isPresent()) {
            return shown.path("delivery").path("state").asText("idle");
        }
        return d.pulls
                .of(link, m)
                .map(p -> p.presence().name().toLowerCase(Locale.ROOT))
                .orElse("human");
    }

    private ObjectNode leave(Request r) {
        Pulls.Pull p = pull(r);
        d.pulls.remove(p);
        depart(p, "left");
        return Dispatcher.JSON.createObjectNode().put("left", true).put("name", p.member.name());
    }

    /** {@code p} leaves its link, and its gathering's circle (announced there like any leaving). */
    private void depart(Pulls.Pull p, String why) {
        d.gatherings.byId(p.link).ifPresent(g -> g.memberGone(p.member).join());
        d.links.byId(p.link).ifPresent(link -> d.relay.leave(link, p.member, why));
    }

    private void sweep() {
        try {
            for (Pulls.Change c : d.pulls.sweep(id -> d.links.byId(id).isPresent())) {
                Pulls.Pull p = c.pull();
                if (c.kind() == Pulls.Change.Kind.AWAY) {
                    away(p, p.member.name() + " is away (has not heard for " + p.awayAfter.toSeconds() + "s)");
                } else {
                    depart(p, "did not hear for " + p.leaveAfter.toSeconds() + "s");
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("pull members sweep failed", e);
        } finally {
            if (d.pulls.isEmpty()) {
                sweeping.set(false);
                // one added after the check above would find sweeping set and wait forever: look again
                if (!d.pulls.isEmpty() && sweeping.compareAndSet(false, true)) {
                    d.scheduler.after(SWEEP, this::sweep);
                }
            } else {
                d.scheduler.after(SWEEP, this::sweep);
            }
        }
    }

    private void away(Pulls.Pull p, String text) {
        d.links.byId(p.link).ifPresent(link -> {
            try {
                d.relay.journal(link).append(new Lifecycle.Away(link.id(), p.member.name(), text));
            } catch (JournalUnavailable e) {
                LOG.warn("{}: away not journalled: {}", link.id(), e.getMessage());
            }
        });
    }

    private static long after(Request r) {
        JsonNode v = r.args().get("after");
        if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 0) {
            throw new UserError("hear: 'after' must be a cursor from an earlier hear, 0 or more (was " + v + ")");
        }
        return v.asLong();
    }
}
