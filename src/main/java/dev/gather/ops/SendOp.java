package dev.gather.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.Gathering;
import dev.gather.journal.JournalUnavailable;
import dev.gather.journal.Lifecycle;
import dev.gather.journal.Message;
import dev.gather.link.Attribution;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Names;
import dev.gather.link.Role;
import dev.gather.relay.DirectRhythm;
import dev.gather.relay.Relay;
import dev.gather.relay.Replies;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.Pane;
import dev.gather.turn.Typed;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code send}: a one-shot message, the direct-link handshake ({@code direct}), or closing the
 * caller's link ({@code close_link}).
 */
final class SendOp {
    private static final Logger LOG = LoggerFactory.getLogger(SendOp.class);
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(1);
    private final Household d;

    SendOp(Household d) {
        this.d = d;
    }

    ObjectNode handle(Request r) {
        if (r.flag("close_link")) {
            return new CloseLink(d).handle(r);
        }
        String message = r.text("message");
        String to = r.text("to");
        // every argument is checked before anything happens: a wrong one must not half-act
        boolean direct = r.flag("direct");
        boolean screen = r.flag("screen");
        Optional<String> as = r.optionalText("as").map(n -> Names.check(n, "send: 'as'"));
        r.optionalText("to_name").ifPresent(n -> Names.check(n, "send: 'to_name'"));
        String tooLong = Typed.refusal("send: the message", message);
        if (tooLong != null) {
            throw new UserError(tooLong);
        }
        Optional<String> callerPane =
                r.callerPane().isPresent() ? Optional.of(d.verifiedPane(r.callerPane(), "send")) : Optional.empty();
        // one look at the server serves naming both sides and finding the target
        List<Pane> panes = d.tmux.panes();
        String name = as.orElseGet(() -> callerPane.map(p -> nameOf(panes, p)).orElse("human"));
        Member targetMember = recipient(r, panes, to);
        String targetPane = targetMember.pane().orElseThrow();
        if (callerPane.isPresent() && callerPane.get().equals(targetPane)) {
            throw new UserError("send: cannot send to your own pane " + targetPane);
        }
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        if (!direct) {
            // between members of one gathering, a one-shot is signed with the member's name and number,
            // and a copy is kept in the gathering's journal so its transcript has it
            Optional<Gathering> circle = callerPane.flatMap(d.gatherings::byPane);
            Optional<Member> me = circle.flatMap(g -> inPane(g, callerPane.get()));
            Optional<Member> them = circle.flatMap(g -> inPane(g, targetPane));
            Member from = me.orElseGet(() -> new Member(name, 1, Role.SPEAKER, callerPane));
            Member recipient = them.orElse(targetMember);
            String reply = replyMode(r, callerPane, to);
            Message.Oneshot entry = new Message.Oneshot(
                    null,
                    from.name(),
                    recipient.name(),
                    message,
                    reply,
                    r.onBehalf().map(by -> callerPane.orElseThrow()).orElse(null),
                    r.onBehalf().orElse(null),
                    Map.of(),
                    Map.of());
            // before the send: a turn of the recipient's that ended before this was not on these words
            Instant asked = d.clock.instant();
            Relay.Sent sent =
                    d.relay.sendNumbered(Replies.JOURNAL, entry, List.of(recipient), Attribution.of(from, message));
            CompletableFuture<DeliveryResult> delivery = sent.results().get(recipient);
            if (reply.equals("expected")) {
                // at once, before the copy below is forced to disk: the message is on its way, so may its reply be
                d.replies.expect(from, recipient, sent.ref(), asked, delivery);
                // the caller is mid-turn (it is calling us): the reply waits until its turn ends
                d.post.turnStarted(callerPane.orElseThrow());
            }
            if (me.isPresent() && them.isPresent()) {
                copy(circle.get().id(), from, recipient, message).ifPresent(why -> out.put("transcript", why));
            }
            out.putArray("delivered").add(result(recipient, delivery));
            out.put("reply", reply);
            return out;
        }
        String pane =
                callerPane.orElseThrow(() -> new UserError("send: a direct link needs a caller pane ($TMUX_PANE)"));
        Member me = Member.inPane(name, 1, Role.SPEAKER, pane);
        DirectRhythm rhythm = d.relay.direct();
        Links.Handshake hs = d.links.direct(me, targetMember, rhythm.name(), rhythm.turnBudget());
        Link link = hs.link();
        if (hs.created()) {
            handshake(link, me, targetMember, screen, panes);
        }
        if (screen) {
            // the recipient has no turn-end hook (a plain program, a human's shell): read its screen
            d.screens.watch(targetPane, d.relay::onTurnOutput);
        }
        Member sender = link.memberInPane(pane).orElse(me);
        // the caller is mid-turn (it is calling us): replies wait until its turn ends
        d.post.turnStarted(pane);
        Map<Member, CompletableFuture<DeliveryResult>> results = d.relay.relaySent(link, sender, message);
        out.set("link", Ops.link(link.snapshot(), d.post, d.relay));
        results.forEach((m, res) -> out.withArray("delivered").add(result(m, res)));
        return out;
    }

    /**
     * Keeps a copy of a one-shot between two members in their gathering's journal, for its
     * transcript. It is written after the send, so a refusal here cannot say "nothing was sent" (the
     * caller would send it again): the send still answers that it went, and why the copy is missing.
     */
    private Optional<String> copy(String gathering, Member from, Member to, String message) {
        try {
            d.journals
                    .of(gathering)
                    .append(new Message.Oneshot(
                            gathering, from.name(), to.name(), message, null, null, null, Map.of(), Map.of()));
            return Optional.empty();
        } catch (JournalUnavailable refused) {
            LOG.warn(
                    "one-shot from {} to {} sent, its copy not kept in {}: {}",
                    from.name(),
                    to.name(),
                    gathering,
                    refused.getMessage());
            return Optional.of("not kept in " + gathering + "'s transcript: " + refused.getMessage());
        }
    }

    /**
     * Journals what a restarted daemon needs to re-open the new {@code link}: the panes and their
     * processes. A link whose handshake the journal refused is forgotten, so the caller's next try
     * makes it whole rather than finding it half made.
     */
    private void handshake(Link link, Member me, Member them, boolean screen, List<Pane> panes) {
        String from = me.pane().orElseThrow();
        String to = them.pane().orElseThrow();
        try {
            d.relay
                    .journal(link)
                    .append(new Lifecycle.Handshake(
                            link.id(),
                            me.name(),
                            them.name(),
                            from,
                            to,
                            screen,
                            PanePids.of(panes, List.of(from, to))));
        } catch (RuntimeException refused) {
            d.links.close(link);
            throw refused;
        }
    }

    /**
     * Whether the recipient's reply comes back: {@code expected} (its next turn end, once), {@code off}
     * ({@code expect_reply=false}), or {@code none} where no reply can reach the caller.
     */
    private String replyMode(Request r, Optional<String> callerPane, String to) {
        if (r.args().has("expect_reply") && !r.flag("expect_reply")) {
            return "off";
        }
        if (callerPane.isEmpty()) {
            return "none: the caller has no pane to type a reply into";
        }
        if (d.remote.address(to).isPresent()) {
            return "none: replies from another computer are not carried yet";
        }
        return "expected";
    }

    private static Optional<Member> inPane(Gathering g, String pane) {
        return g.members().stream()
                .filter(m -> m.pane().equals(Optional.of(pane)))
                .findFirst();
    }

    /**
     * Who {@code to} names: a pane here, or {@code computer:%pane} on another computer (named by
     * {@code to_name}, else by its address), whose daemon must be alive.
     */
    private Member recipient(Request r, List<Pane> panes, String to) {
        Optional<String[]> elsewhere = d.remote.address(to);
        if (elsewhere.isPresent()) {
            String computer = elsewhere.get()[0];
            d.remote.requireReachable(computer, "send");
            return Member.inPane(r.optionalText("to_name").orElse(to), 2, Role.SPEAKER, to);
        }
        Pane target = target(panes, to);
        return Member.inPane(nameOf(panes, target.id()), 2, Role.SPEAKER, target.id());
    }

    private Pane target(List<Pane> panes, String to) {
        if (to.startsWith("%")) {
            return panes.stream()
                    .filter(p -> p.id().equals(to) && !p.dead())
                    .findFirst()
                    .orElseThrow(() -> new UserError("send: no live pane " + to + " in this tmux server"));
        }
        List<Pane> named =
                panes.stream().filter(p -> p.session().equals(to) && !p.dead()).toList();
        if (named.size() == 1) {
            return named.get(0);
        }
        Optional<Pane> member = d.links.all().stream()
                .flatMap(l -> l.snapshot().members().stream())
                .filter(m -> m.name().equalsIgnoreCase(to) && m.pane().isPresent())
                .flatMap(m -> panes.stream().filter(p -> p.id().equals(m.pane().get())))
                .findFirst();
        return member.orElseThrow(() -> new UserError(
                named.isEmpty()
                        ? "send: nobody called '" + to + "'; give a pane id like %12 or a tmux session name"
                        : "send: '" + to + "' names " + named.size() + " panes; give a pane id like %12"));
    }

    private static String nameOf(List<Pane> panes, String pane) {
        return panes.stream()
                .filter(p -> p.id().equals(pane))
                .map(Pane::session)
                .flatMap(s -> Names.ifValid(s).stream()) // a session name that is no valid name is not used
                .findFirst()
                .orElse(pane);
    }

    /**
     * A recipient's delivery as far as it got within a moment: a member mid-turn keeps it queued,
     * and the answer says so rather than making the caller wait for another agent's turn.
     */
    private static ObjectNode result(Member m, CompletableFuture<DeliveryResult> sent) {
        ObjectNode o = Dispatcher.JSON.createObjectNode().put("to", m.name());
        m.pane().ifPresent(p -> o.put("pane", p));
        DeliveryResult r;
        try {
            r = sent.get(ANSWER_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return o.put("state", "queued");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return o.put("state", "queued");
        } catch (ExecutionException e) {
            return o.put("state", "failed").put("reason", String.valueOf(e.getCause()));
        }
        if (r instanceof DeliveryResult.Delivered) {
            o.put("state", "delivered");
        } else if (r instanceof DeliveryResult.PaneGone) {
            o.put("state", "gone");
        } else if (r instanceof DeliveryResult.Failed f) {
            o.put("state", "failed").put("reason", f.reason());
        }
        return o;
    }
}
