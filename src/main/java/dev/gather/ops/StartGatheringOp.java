package dev.gather.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.agents.AgentCommands;
import dev.gather.delivery.MemberState;
import dev.gather.gathering.EffectSink;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringOptions;
import dev.gather.gathering.Setting;
import dev.gather.history.Pulse;
import dev.gather.journal.Lifecycle;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.ops.Participants.Participant;
import dev.gather.relay.EffectRunner;
import dev.gather.relay.TurnStart;
import dev.gather.rhythm.Rhythm;
import dev.gather.server.Acting;
import dev.gather.server.Dispatcher;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code start_gathering}: reads the participants ({@link Participants}), has the {@link MemberPanes}
 * give each a pane, numbers and links them, journals the start and starts the ceremony; and wires
 * every gathering, started or resumed, to its link. Refused for a caller already in a gathering.
 */
public final class StartGatheringOp {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final Household d;
    private final MemberPanes memberPanes;
    private final AtomicInteger serial = new AtomicInteger();

    public StartGatheringOp(Household d) {
        this.d = d;
        this.memberPanes = new MemberPanes(d);
    }

    ObjectNode handle(Request r) throws Exception {
        Optional<String> caller = r.callerPane().isPresent()
                ? Optional.of(d.verifiedPane(r.callerPane(), "start_gathering"))
                : Optional.empty();
        caller.flatMap(d.gatherings::byPane).ifPresent(g -> {
            throw new UserError(
                    "start_gathering: you are in running gathering " + g.id() + "; a member cannot start another one");
        });
        Rhythm rhythm = d.rhythms.load(r.text("rhythm"));
        if (!rhythm.talkingPiece()) {
            throw new UserError("start_gathering: rhythm " + rhythm.name()
                    + " has no talking piece; use send_message(direct=true) for a direct link");
        }
        List<Participant> participants = Participants.of(r, rhythm.name(), rhythm.roles());
        GatheringOptions options = new GatheringOptions(
                r.optionalInt("beats_per_turn", 1, GatheringOptions.MAX_BEATS_PER_TURN),
                r.optionalInt("beat_interval_seconds", 1, GatheringOptions.MAX_SECONDS)
                        .map(Duration::ofSeconds),
                r.optionalInt("grace_seconds", 0, GatheringOptions.MAX_SECONDS).map(Duration::ofSeconds),
                r.optionalText("question"),
                Participants.cast(participants));
        AgentCommands agents = AgentCommands.load(d.state);
        Path cwd = MemberPanes.workdir(r, d.state.root());
        // everything is checked before the first pane is spawned: a bad member starts nothing
        Map<String, String> panes = memberPanes.check(participants, agents);
        String id = "g-" + STAMP.format(d.clock.instant()) + "-" + serial.incrementAndGet();
        Map<String, String> spawned = new LinkedHashMap<>();
        List<Member> members = memberPanes.members(id, participants, panes, agents, cwd, spawned);
        // started from a shell outside every pane: that shell's terminal may end it, as a starter pane may
        Optional<String> starter = caller.or(() -> r.terminal().map(Acting::starter));
        d.runs.put(id, new GatheringRuns.Run(starter, spawned, r.flag("keep")));
        Link link = d.links.create(id, rhythm.name(), OptionalInt.empty(), members);
        String question = options.question().orElse(rhythm.openingQuestion());
        // the start entry first: a member that leaves from now on (its pane ended, its harness known
        // never ready) leaves a gathering its journal says began, and a close it causes comes after
        d.relay
                .journal(link)
                .append(startEntry(
                        id,
                        rhythm,
                        question,
                        options,
                        members,
                        spawned,
                        starter,
                        r.flag("keep"),
                        PanePids.of(
                                d.tmux.panes(),
                                members.stream().flatMap(m -> m.pane().stream()).toList())));
        Gathering g = wire(
                id,
                link,
                rhythm,
                question,
                caller,
                members,
                (setting, sink) -> Gathering.create(id, rhythm, members, options, setting, sink),
                Map.of());
        // a member that left (its pane ended, its harness never ready) before its gathering could hear
        // of it leaves now, on the lane, before the first turn: the piece never goes to it
        for (Member m : members) {
            m.pane().ifPresent(pane -> {
                if (link.memberInPane(pane).isEmpty()) {
                    g.memberGone(m);
                } else if (d.post.unreachable(pane)) {
                    d.relay.leave(pane, "never became ready");
                }
            });
        }
        g.start();
        ObjectNode out =
                Dispatcher.JSON.createObjectNode().put("gathering_id", id).put("rhythm", rhythm.name());
        ArrayNode array = out.putArray("members");
        members.forEach(m -> array.add(Ops.member(m)));
        return out;
    }

    /**
     * The journal's start entry: what a person reads, and what a later daemon needs to rebuild the
     * gathering from its journal alone (rhythm, question, overrides, roster, spawned sessions).
     */
    public static Lifecycle.Start startEntry(
            String id,
            Rhythm rhythm,
            String question,
            GatheringOptions options,
            List<Member> members,
            Map<String, String> spawned,
            Optional<String> starter,
            boolean keep,
            Map<String, Integer> panePids) {
        Map<String, String> sessions = new LinkedHashMap<>();
        spawned.forEach((name, pane) -> sessions.put(pane, id + "-" + name));
        return new Lifecycle.Start(
                id,
                "gathering " + id + " of rhythm " + rhythm.name() + " with " + members.size() + " members",
                starter.orElse(null),
                sessions,
                rhythm.name(),
                question,
                options.beatsPerTurn().orElse(null),
                options.beatInterval().map(Duration::toMillis).orElse(null),
                options.grace().map(Duration::toMillis).orElse(null),
                new TreeMap<>(options.cast()),
                keep,
                members.stream().map(Ops::seat).toList(),
                panePids);
    }

    /** Builds a gathering in the setting the daemon gives every gathering, its effects going to {@code sink}. */
    public interface Maker {
        Gathering make(Setting setting, EffectSink sink);
    }

    /**
     * Registers gathering {@code id} over {@code link} (started now, or resumed after a restart):
     * its effects run against the link, its spawned panes end when it closes (unless kept), and its
     * members' turns go to it. {@code floors}, by name: for a resumed gathering, the last message that
     * gave each member the floor (none for a new one).
     */
    public Gathering wire(
            String id,
            Link link,
            Rhythm rhythm,
            String question,
            Optional<String> caller,
            List<Member> members,
            Maker maker,
            Map<String, Long> floors) {
        EffectRunner runner = new EffectRunner(
                d.relay,
                link,
                d.state.journals().resolve(id + ".harvest.md"),
                () -> d.runs.of(id)
                        .filter(run -> !run.keep())
                        .ifPresent(run -> run.spawned().values().forEach(memberPanes::kill)),
                EffectRunner.LAST_WORDS_WITHIN,
                d.lanes);
        Map<Member, Long> given = new LinkedHashMap<>();
        members.forEach(m -> Optional.ofNullable(floors.get(m.name())).ifPresent(f -> given.put(m, f)));
        runner.restoreFloors(given);
        Gathering g = d.gatherings.add(
                caller,
                members,
                () -> maker.make(
                        new Setting(
                                d.scheduler,
                                d.clock,
                                d.lanes,
                                () -> Pulse.of(Pulse.keywords(rhythm.name(), question), d.homes, id),
                                this::midTurn),
                        runner));
        // the relay hands a turn over once the member's door was read and before its queue moves on:
        // what is queued now was sent before this turn ended, so the turn did not answer it; nor did
        // it answer what waits handed in its harness's own queue (a door's message no turn has started
        // with yet), and the letters this turn started with are still open. The floor first, the
        // receipts after: a floor given later than this read was given after the turn ended
        d.relay.orderLeaving(link.id(), g::memberGone);
        d.relay.intercept(link.id(), (m, text, endedAt) -> {
            long floor = runner.floor(m);
            TurnStart start = TurnStart.of(m.pane().flatMap(p -> d.post.statusAt(p, endedAt)), link.id(), floor);
            return g.onTurnOutput(
                    m,
                    text,
                    () -> m.pane()
                            .flatMap(d.post::status)
                            .map(s -> !s.queued().isEmpty() || !s.handed().isEmpty())
                            .orElse(false),
                    () -> runner.beganWithFloor(m, start));
        });
        return g;
    }

    /**
     * Whether {@code m} is mid-turn: busy since its last delivery and its turn has not ended, or
     * something we sent it is still waiting to be typed or, handed to its harness's door, to be
     * taken (it has not had its chance to answer yet).
     */
    private boolean midTurn(Member m) {
        return m.pane()
                .flatMap(d.post::status)
                .map(s -> s.state() == MemberState.BUSY
                        || s.typing().isPresent()
                        || !s.queued().isEmpty()
                        || !s.handed().isEmpty())
                .orElse(false);
    }
}
