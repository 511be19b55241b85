package dev.gather.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.agents.AgentCommands;
import dev.gather.gathering.Gathering;
import dev.gather.gathering.GatheringOptions;
import dev.gather.history.Pulse;
import dev.gather.link.Link;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.Roles;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code start_gathering}: spawns one detached tmux session per participant running its agent,
 * numbers and links them, and starts the ceremony. Refused for a caller already in a gathering.
 */
final class StartGatheringOp {
    static final List<String> NAMES =
            List.of("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Ivy", "Jo", "Kai", "Lu", "Mo");
    private static final java.util.Set<String> PARTICIPANT_FIELDS = java.util.Set.of("name", "role", "agent", "pane");
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final Daemon d;
    private final AtomicInteger serial = new AtomicInteger();

    StartGatheringOp(Daemon d) {
        this.d = d;
    }

    /**
     * One participant as asked for: an agent kind to spawn, or an existing pane ({@code %12} here,
     * {@code computer:%12} on another computer).
     */
    record Participant(String name, Role role, String agent, Optional<String> pane) {
        Participant(String name, Role role, String agent) {
            this(name, role, agent, Optional.empty());
        }
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
        List<Participant> participants = participants(r, rhythm.roles());
        GatheringOptions options = new GatheringOptions(
                r.optionalInt("beats_per_turn", 1, 1000),
                r.optionalInt("beat_interval_seconds", 1, 86_400).map(Duration::ofSeconds),
                r.optionalInt("grace_seconds", 0, 86_400).map(Duration::ofSeconds),
                r.optionalText("question"));
        AgentCommands agents = AgentCommands.load(d.state);
        Path cwd = workdir(r, d.state.root());
        // everything is checked before the first pane is spawned: a bad member starts nothing
        Map<String, String> panes = check(participants, agents);
        String id = "g-" + STAMP.format(d.clock.instant()) + "-" + serial.incrementAndGet();
        List<Member> members = new ArrayList<>();
        Map<String, String> spawned = new java.util.LinkedHashMap<>();
        try {
            for (Participant p : participants) {
                int number = members.size() + 1;
                if (p.role() == Role.HUMAN && p.pane().isEmpty()) {
                    members.add(new Member(p.name(), number, Role.HUMAN, Optional.empty()));
                    continue;
                }
                if (p.pane().isPresent()) {
                    members.add(Member.inPane(p.name(), number, p.role(), panes.get(p.name())));
                    continue;
                }
                Pane pane = spawn(id, p.name(), p.agent(), agents, cwd);
                spawned.put(p.name(), pane.id());
                members.add(Member.inPane(p.name(), number, p.role(), pane.id()));
            }
        } catch (RuntimeException e) {
            spawned.values().forEach(this::kill);
            throw e;
        }
        d.runs.put(id, new GatheringRuns.Run(caller, spawned, r.flag("keep")));
        Link link = d.links.create(id, rhythm.name(), OptionalInt.empty(), members);
        String question = options.question().orElse(rhythm.openingQuestion());
        Gathering g = wire(
                id,
                link,
                rhythm,
                question,
                caller,
                members,
                (sink, pulse, midTurn) -> Gathering.create(
                        id, rhythm, members, options, d.scheduler, d.clock, d.lanes, pulse, midTurn, sink));
        ObjectNode start = startEntry(id, rhythm, question, options, members, spawned, caller, r.flag("keep"));
        start.set(
                "pane_pids",
                Resumption.pids(
                        d.tmux.panes(),
                        members.stream().flatMap(m -> m.pane().stream()).toList()));
        d.relay.journal(link).append(start);
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
    static ObjectNode startEntry(
            String id,
            Rhythm rhythm,
            String question,
            GatheringOptions options,
            List<Member> members,
            Map<String, String> spawned,
            Optional<String> caller,
            boolean keep) {
        ObjectNode start = dev.gather.journal.Journal.entry("start")
                .put("link", id)
                .put(
                        "text",
                        "gathering " + id + " of rhythm " + rhythm.name() + " with " + members.size() + " members");
        caller.ifPresent(c -> start.put("starter", c));
        ObjectNode sessions = start.putObject("spawned");
        spawned.forEach((name, pane) -> sessions.put(pane, id + "-" + name));
        start.put("rhythm", rhythm.name()).put("question", question);
        options.beatsPerTurn().ifPresent(b -> start.put("beats_per_turn", b));
        options.beatInterval().ifPresent(b -> start.put("beat_interval_ms", b.toMillis()));
        options.grace().ifPresent(b -> start.put("grace_ms", b.toMillis()));
        start.put("keep", keep);
        ArrayNode roster = start.putArray("members");
        members.forEach(m -> roster.add(Ops.member(m)));
        return start;
    }

    /** Builds a gathering from what the daemon gives every gathering: where its effects go, its pulse, who is mid-turn. */
    interface Maker {
        Gathering make(
                dev.gather.gathering.EffectSink sink,
                java.util.function.Supplier<String> pulse,
                java.util.function.Predicate<Member> midTurn);
    }

    /**
     * Registers gathering {@code id} over {@code link} (started now, or resumed after a restart):
     * its effects run against the link, its spawned panes end when it closes (unless kept), and its
     * members' turns go to it.
     */
    Gathering wire(
            String id,
            Link link,
            Rhythm rhythm,
            String question,
            Optional<String> caller,
            List<Member> members,
            Maker maker) {
        EffectRunner runner =
                new EffectRunner(d.relay, link, d.state.journals().resolve(id + ".harvest.md"), () -> d.runs.of(id)
                        .filter(run -> !run.keep())
                        .ifPresent(run -> run.spawned().values().forEach(this::kill)));
        Gathering g = d.gatherings.add(
                caller,
                members,
                () -> maker.make(
                        runner,
                        () -> Pulse.of(Pulse.keywords(rhythm.name(), question), d.state.journals(), id),
                        this::midTurn));
        // the relay hands a turn over before the member's queue moves on: what is queued now was
        // sent before this turn ended, so the turn did not answer it
        d.relay.intercept(
                link.id(),
                (m, text) -> g.onTurnOutput(
                        m,
                        text,
                        m.pane()
                                .flatMap(d.post::status)
                                .map(s -> !s.queued().isEmpty())
                                .orElse(false)));
        return g;
    }

    /** Spawns member {@code name} of gathering {@code id} running agent {@code kind}, detached, in its own session. */
    Pane spawn(String id, String name, String kind, AgentCommands agents, Path cwd) {
        Map<String, String> env = new HashMap<>();
        env.put("GATHER_HOME", d.state.root().toString());
        env.put("LANG", "C.UTF-8");
        List<String> command = agents.command(kind, name);
        SpawnSpec spec =
                new SpawnSpec(id + "-" + name, dev.gather.agents.UserTerminal.command(command), env, cwd, 160, 48);
        Pane pane = d.tmux.spawn(spec);
        // nothing is typed into it before its profile says it is ready
        d.post.started(pane.id(), profile(kind, command));
        return pane;
    }

    /**
     * Whether {@code m} is mid-turn: busy since its last delivery and its turn has not ended, or
     * something we sent it is still waiting to be typed (it has not had its chance to answer yet).
     */
    private boolean midTurn(Member m) {
        return m.pane()
                .flatMap(d.post::status)
                .map(s -> s.state() == dev.gather.delivery.MemberState.BUSY
                        || s.typing().isPresent()
                        || !s.queued().isEmpty())
                .orElse(false);
    }

    /**
     * The harness profile of a spawned agent: its kind's, else the one that recognises its program
     * (a kind {@code opus: claude --model opus} is typed into as claude), else gather's own sim when
     * the command runs it, else generic.
     */
    private dev.gather.profile.Profile profile(String kind, List<String> command) {
        String program = java.nio.file.Path.of(command.get(0)).getFileName().toString();
        boolean runsSim = false;
        for (int i = 1; i < command.size() && !runsSim; i++) {
            String before = command.get(i - 1);
            runsSim =
                    command.get(i).equals("sim") && (before.endsWith("gather") || before.equals("dev.gather.cli.Main"));
        }
        boolean sim = runsSim;
        return d.profiles
                .get(kind)
                .or(() -> d.profiles.recognise(program))
                .or(() -> sim ? d.profiles.get("sim") : Optional.empty())
                .orElseGet(d.profiles::generic);
    }

    void kill(String pane) {
        try {
            d.tmux.kill(pane);
        } catch (RuntimeException e) {
            // already gone: nothing to end
        }
    }

    /**
     * Every participant's problem at once (unknown kinds, programs not on PATH, panes not live or
     * given twice), as one error; else each given pane, checked, by member name.
     */
    private Map<String, String> check(List<Participant> participants, AgentCommands agents) {
        List<String> problems = new ArrayList<>();
        Map<String, String> panes = new HashMap<>();
        Map<String, String> byPane = new HashMap<>();
        String path = System.getenv("PATH");
        for (Participant p : participants) {
            if (p.pane().isPresent()) {
                String other = byPane.putIfAbsent(p.pane().get(), p.name());
                if (other != null) {
                    problems.add(p.name() + " and " + other + " are both pane "
                            + p.pane().get());
                    continue;
                }
                try {
                    panes.put(p.name(), existing(p.pane().get()));
                } catch (UserError e) {
                    problems.add(p.name() + ": " + e.getMessage());
                }
            } else if (p.role() != Role.HUMAN) {
                agents.problem(p.agent(), p.name(), path).ifPresent(why -> problems.add(p.name() + ": " + why));
            }
        }
        if (!problems.isEmpty()) {
            throw new UserError("start_gathering: nothing was started; " + String.join("; ", problems));
        }
        return panes;
    }

    /**
     * Where spawned members start: the caller's working directory, which clients send as {@code cwd}
     * (gather mcp runs in its harness's folder, gather start in the shell's). The user already trusts
     * it, so a harness that asks to trust its folder (Claude Code) does not stop there; gather writes
     * nothing into the harness's own trust settings. A client that sends none gets the state directory.
     */
    static Path workdir(Request r, Path otherwise) {
        Optional<String> given = r.optionalText("cwd");
        if (given.isEmpty()) {
            return otherwise;
        }
        Path cwd = Path.of(given.get());
        if (!cwd.isAbsolute() || !java.nio.file.Files.isDirectory(cwd)) {
            throw new UserError(r.op() + ": cwd " + given.get() + " is not an absolute path of a directory");
        }
        return cwd;
    }

    private static List<Participant> participants(Request r, Roles roles) {
        List<Participant> out = new ArrayList<>();
        JsonNode given = r.args().get("participants");
        if (given == null) {
            for (int i = 0; i < roles.minSpeakers(); i++) {
                out.add(new Participant(NAMES.get(i), Role.SPEAKER, "sim"));
            }
            if (roles.harvesters() > 0) {
                out.add(new Participant("Hal", Role.HARVESTER, "sim"));
            }
            return out;
        }
        // anything but a non-empty list is a mistake, not a request for the default circle
        if (!given.isArray()) {
            throw new UserError("start_gathering: 'participants' must be a list of {name?, role?, agent?, pane?}, not "
                    + Request.kind(given) + " (leave it out for the rhythm's default)");
        }
        if (given.isEmpty()) {
            throw new UserError("start_gathering: 'participants' is empty (leave it out for the rhythm's default)");
        }
        int i = 0;
        for (JsonNode p : given) {
            String where = "start_gathering: participants[" + i + "]";
            if (!p.isObject()) {
                throw new UserError(where + " must be an object {name?, role?, agent?, pane?}, not " + Request.kind(p));
            }
            for (String field : (Iterable<String>) p::fieldNames) {
                JsonNode v = p.get(field);
                if (!PARTICIPANT_FIELDS.contains(field)) {
                    throw new UserError(where + " has unknown field '" + field + "'; known: agent, name, pane, role");
                }
                if (!v.isTextual() || v.asText().isBlank()) {
                    throw new UserError(where + "." + field + " must be non-empty text, not " + Request.kind(v));
                }
            }
            Role role = role(p.path("role").asText("speaker"));
            String name = !p.has("name")
                    ? (role == Role.HARVESTER ? "Hal" : role == Role.HUMAN ? "Human" : NAMES.get(i % NAMES.size()))
                    : p.path("name").asText();
            if (!name.matches("[A-Za-z][A-Za-z0-9_-]{0,30}")) {
                throw new UserError("start_gathering: participant name '" + name
                        + "' must be a word of letters, digits, '-' or '_'");
            }
            Optional<String> pane = p.has("pane") ? Optional.of(p.path("pane").asText()) : Optional.empty();
            out.add(new Participant(name, role, p.path("agent").asText("sim"), pane));
            i++;
        }
        long speakers = out.stream().filter(p -> p.role() != Role.HARVESTER).count();
        long harvesters = out.stream().filter(p -> p.role() == Role.HARVESTER).count();
        long humans = out.stream().filter(p -> p.role() == Role.HUMAN).count();
        if (speakers < roles.minSpeakers() || speakers > roles.maxSpeakers()) {
            throw new UserError("start_gathering: this rhythm needs " + roles.minSpeakers() + " to "
                    + roles.maxSpeakers() + " speakers (humans count), got " + speakers);
        }
        if (harvesters > roles.harvesters()) {
            throw new UserError(
                    "start_gathering: this rhythm allows " + roles.harvesters() + " harvester(s), got " + harvesters);
        }
        if (humans > 0 && roles.human() == Roles.HumanRole.NONE) {
            throw new UserError("start_gathering: this rhythm has no place for a human");
        }
        if (humans == 0 && roles.human() == Roles.HumanRole.REQUIRED) {
            throw new UserError("start_gathering: this rhythm needs a human participant (role: human)");
        }
        if (out.stream().map(p -> p.name().toLowerCase(Locale.ROOT)).distinct().count() != out.size()) {
            throw new UserError("start_gathering: participant names must be different");
        }
        return out;
    }

    /** An existing pane as a member: live here, or on a computer whose daemon is alive. */
    String existing(String pane) {
        Optional<String[]> elsewhere = d.remote.address(pane);
        if (elsewhere.isPresent()) {
            d.remote.requireReachable(elsewhere.get()[0], "start_gathering");
            return pane;
        }
        return d.verifiedPane(Optional.of(pane), "start_gathering");
    }

    private static Role role(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "speaker" -> Role.SPEAKER;
            case "harvester" -> Role.HARVESTER;
            case "human" -> Role.HUMAN;
            default -> throw new UserError(
                    "start_gathering: role must be speaker, harvester or human (found '" + text + "')");
        };
    }
}
