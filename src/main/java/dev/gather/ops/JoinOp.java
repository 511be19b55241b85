package dev.gather.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.agents.AgentCommands;
import dev.gather.gathering.Gathering;
import dev.gather.journal.Announcement;
import dev.gather.journal.Lifecycle;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code join}: a member arrives late. Into a running gathering: an existing pane, a newly spawned
 * agent of a kind, or (with neither) a pull member without a pane; into an open link: a pull
 * member. The join entry in the journal names everything needed to rebuild the roster.
 */
public final class JoinOp {
    /** How long a pull member may go without hearing before it is shown as away, and before it leaves. */
    static final Duration AWAY_AFTER = Duration.ofMinutes(2);

    static final Duration LEAVE_AFTER = Duration.ofMinutes(10);

    private final Household d;
    private final MemberPanes memberPanes;
    private final PullOps pulls;

    JoinOp(Household d, MemberPanes memberPanes, PullOps pulls) {
        this.d = d;
        this.memberPanes = memberPanes;
        this.pulls = pulls;
    }

    /** One join at a time: two arriving at once under one name would otherwise both pass the check. */
    synchronized ObjectNode handle(Request r) {
        String name = r.text("name");
        if (!name.matches("[A-Za-z][A-Za-z0-9_-]{0,30}")) {
            throw new UserError("join: name '" + name + "' must be a word of letters, digits, '-' or '_'");
        }
        Optional<String> gathering = r.optionalText("gathering");
        Optional<String> linkId = r.optionalText("link");
        if (gathering.isPresent() == linkId.isPresent()) {
            throw new UserError("join: say which gathering (gathering) or link (link) to join, one of them");
        }
        Optional<String> pane = r.optionalText("pane");
        Optional<String> agent = r.optionalText("agent");
        if (pane.isPresent() && agent.isPresent()) {
            throw new UserError("join: give a pane or an agent kind to spawn, not both");
        }
        String role = r.optionalText("role").orElse("speaker").toLowerCase(Locale.ROOT);
        if (!role.equals("speaker")) {
            throw new UserError("join: a late member joins as speaker (found role '" + role + "')");
        }
        Duration away = r.optionalInt("away_after_seconds", 1, 86_400)
                .map(Duration::ofSeconds)
                .orElse(AWAY_AFTER);
        Duration leave = r.optionalInt("leave_after_seconds", 1, 86_400)
                .map(Duration::ofSeconds)
                .orElse(LEAVE_AFTER);
        if (leave.compareTo(away) < 0) {
            throw new UserError("join: leave_after_seconds must not be shorter than away_after_seconds");
        }
        Link link;
        Optional<Gathering> g;
        if (gathering.isPresent()) {
            g = Optional.of(d.gatherings
                    .byId(gathering.get())
                    .orElseThrow(() -> new UserError(
                            "join: no running gathering " + gathering.get() + "; running: " + running())));
            link = d.links
                    .byId(gathering.get())
                    .orElseThrow(() -> new UserError("join: gathering " + gathering.get() + " is closing"));
        } else {
            if (pane.isPresent() || agent.isPresent()) {
                throw new UserError("join: panes and agents join gatherings; a pane joins a link with"
                        + " send_message(direct=true), or leave out pane and agent to join as a pull member");
            }
            link = d.links.byId(linkId.get()).orElseThrow(() -> new UserError("join: no open link " + linkId.get()));
            g = d.gatherings.byId(link.id());
        }
        Link.View view = link.snapshot();
        r.callerPane().flatMap(link::memberInPane).ifPresent(me -> {
            throw new UserError("join: you are already in " + link.id() + " as " + me.name());
        });
        if (view.members().stream().anyMatch(m -> m.name().equalsIgnoreCase(name))) {
            throw new UserError("join: " + link.id() + " already has a member called "
                    + view.members().stream()
                            .filter(m -> m.name().equalsIgnoreCase(name))
                            .findFirst()
                            .orElseThrow()
                            .name());
        }
        Optional<String> memberPane = pane.map(p -> {
            String checked = d.verifiedPane(Optional.of(p), "join");
            d.links.byPane(checked).ifPresent(l -> {
                throw new UserError("join: pane " + checked + " is already in " + l.id());
            });
            return checked;
        });
        if (agent.isPresent()) {
            AgentCommands agents = AgentCommands.load(d.state);
            agents.problem(agent.get(), name, System.getenv("PATH")).ifPresent(why -> {
                throw new UserError("join: nothing was started; " + name + ": " + why);
            });
            memberPane = Optional.of(memberPanes
                    .spawn(link.id(), name, agent.get(), agents, MemberPanes.workdir(r, d.state.root()))
                    .id());
        }
        int number = view.members().stream().mapToInt(Member::number).max().orElse(0) + 1;
        Member m = new Member(name, number, Role.SPEAKER, memberPane);
        Lifecycle.Join entry = entry(link, m, agent, pane.isEmpty() && agent.isEmpty());
        // nothing is journalled before the gathering took m: the join and its place in the journal
        // are decided on its lane, so a join it refuses (closed meanwhile) was never said to happen
        AtomicLong ref = new AtomicLong(-1);
        Runnable admitted = () -> ref.set(admit(link, m, entry));
        try {
            if (g.isPresent()) {
                // the gathering's pulse was searched as it started: asking for it again costs nothing
                Gathering circle = g.get();
                circle.join(m, circle.pulse(), admitted).join();
            } else {
                admitted.run();
                d.relay.announce(
                        link,
                        m.name() + " (" + m.number() + ") has joined the link; it hears what is said from now on.",
                        Announcement.JOINED,
                        Optional.of(m));
            }
        } catch (CompletionException | IllegalStateException e) {
            if (ref.get() >= 0) {
                d.relay.leave(link, m, "could not join");
            }
            agent.ifPresent(a -> m.pane().ifPresent(memberPanes::kill));
            throw new UserError("join: "
                    + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()));
        }
        if (agent.isPresent()) {
            String spawned = m.pane().orElseThrow();
            d.runs.of(link.id()).ifPresent(run -> {
                Map<String, String> all = new HashMap<>(run.spawned());
                all.put(name, spawned);
                d.runs.put(link.id(), new GatheringRuns.Run(run.starter(), all, run.keep()));
            });
        }
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        out.put(g.isPresent() ? "gathering_id" : "link", link.id());
        out.set("member", Ops.member(m));
        if (m.pane().isEmpty()) {
            Pulls.Pull p = pulls.add(link.id(), m, ref.get(), away, leave);
            out.put("token", p.token).put("cursor", ref.get());
            out.put("away_after_seconds", away.toSeconds()).put("leave_after_seconds", leave.toSeconds());
        }
        return out;
    }

    /** {@code m} into {@code link} and its join journalled: the entry's number; not journalled, it is not in the link. */
    private long admit(Link link, Member m, Lifecycle.Join entry) {
        d.links.add(link, m);
        try {
            return d.relay.journal(link).append(entry);
        } catch (RuntimeException e) {
            d.links.removeMember(link, m);
            throw e;
        }
    }

    /** The join entry: who (name, number, role, pane), how (spawned kind, pull), enough to rebuild the roster. */
    public static Lifecycle.Join entry(Link link, Member m, Optional<String> agent, boolean pull) {
        String role = m.role().name().toLowerCase(Locale.ROOT);
        return new Lifecycle.Join(
                link.id(),
                m.name(),
                m.number(),
                role,
                m.pane().orElse(null),
                agent.orElse(null),
                agent.map(a -> link.id() + "-" + m.name()).orElse(null),
                pull,
                m.name() + " (" + m.number() + ") joined as " + role
                        + m.pane().map(p -> " in pane " + p).orElse(" without a pane (pulls what is said)")
                        + agent.map(a -> ", a new " + a + " agent").orElse(""));
    }

    private String running() {
        var ids = d.gatherings.running().stream().map(Gathering::id).toList();
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }
}
