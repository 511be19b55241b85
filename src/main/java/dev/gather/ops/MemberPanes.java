package dev.gather.ops;

import dev.gather.agents.AgentCommands;
import dev.gather.agents.UserTerminal;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.ops.Participants.Participant;
import dev.gather.process.Processes;
import dev.gather.profile.Profile;
import dev.gather.remote.RemoteSpawns;
import dev.gather.server.Request;
import dev.gather.server.UserError;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the members of a gathering get their panes: an agent spawned here in its own detached tmux
 * session, one spawned on another computer, or a pane given; every participant checked before the
 * first spawns, and spawned panes ended again.
 */
public final class MemberPanes {
    private final Household d;

    public MemberPanes(Household d) {
        this.d = d;
    }

    /**
     * The members of gathering {@code id}, numbered in the participants' order, each in its pane:
     * the {@code given} one, one spawned (recorded in {@code spawned}: member name to pane), or none
     * for a human without a pane. One spawn failing ends those already spawned.
     */
    List<Member> members(
            String id,
            List<Participant> participants,
            Map<String, String> given,
            AgentCommands agents,
            Path cwd,
            Map<String, String> spawned) {
        List<Member> members = new ArrayList<>();
        try {
            for (Participant p : participants) {
                int number = members.size() + 1;
                if (p.role() == Role.HUMAN && p.pane().isEmpty()) {
                    members.add(new Member(p.name(), number, Role.HUMAN, Optional.empty()));
                    continue;
                }
                if (p.pane().isPresent()) {
                    members.add(Member.inPane(p.name(), number, p.role(), given.get(p.name())));
                    continue;
                }
                Optional<String[]> elsewhere = onAnotherComputer(p.agent());
                String pane = elsewhere.isPresent()
                        ? d.remote.spawns.spawn(
                                elsewhere.get()[1], id, p.name(), elsewhere.get()[0])
                        : spawn(id, p.name(), p.agent(), agents, cwd).id();
                spawned.put(p.name(), pane);
                members.add(Member.inPane(p.name(), number, p.role(), pane));
            }
        } catch (RuntimeException e) {
            spawned.values().forEach(this::kill);
            throw e;
        }
        return members;
    }

    /** Spawns member {@code name} of gathering {@code id} running agent {@code kind}, detached, in its own session. */
    Pane spawn(String id, String name, String kind, AgentCommands agents, Path cwd) {
        Map<String, String> env = new HashMap<>();
        env.put("GATHER_HOME", d.state.root().toString());
        env.put("LANG", "C.UTF-8");
        List<String> command = agents.command(kind, name);
        SpawnSpec spec = new SpawnSpec(id + "-" + name, UserTerminal.command(command), env, cwd, 160, 48);
        Pane pane = d.tmux.spawn(spec);
        // nothing is typed into it before its profile says it is ready
        d.post.started(pane.id(), profile(kind, command));
        return pane;
    }

    /**
     * The harness profile of a spawned agent: its kind's, else the one that recognises its program
     * (a kind {@code opus: claude --model opus} is typed into as claude), else gather's own sim when
     * the command runs it, else generic.
     */
    private Profile profile(String kind, List<String> command) {
        String program = Path.of(command.get(0)).getFileName().toString();
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

    /**
     * How this computer starts members for another computer's gatherings: only a kind of its own
     * agents.yaml (read afresh, so an edit counts at once), in its own tmux, started in its state
     * directory.
     */
    public RemoteSpawns.Spawner forOthers() {
        return new RemoteSpawns.Spawner() {
            @Override
            public Optional<String> refusal(String kind) {
                return AgentCommands.load(d.state).refusalForAnother(kind);
            }

            @Override
            public String spawn(String gathering, String name, String kind) {
                AgentCommands agents = AgentCommands.load(d.state);
                // checked again here: nothing but a known kind reaches a pane, whoever calls
                agents.refusalForAnother(kind)
                        .or(() -> agents.problem(kind, name, System.getenv("PATH")))
                        .ifPresent(why -> {
                            throw new IllegalArgumentException(why);
                        });
                return MemberPanes.this
                        .spawn(gathering, name, kind, agents, d.state.root())
                        .id();
            }
        };
    }

    /** {@code kind@computer}, split into kind and computer; empty for a kind spawned here. */
    private Optional<String[]> onAnotherComputer(String agent) {
        int at = agent.lastIndexOf('@');
        if (at <= 0 || at == agent.length() - 1 || agent.contains(" ")) {
            return Optional.empty();
        }
        String computer = agent.substring(at + 1);
        return computer.equals(d.transport.computer())
                ? Optional.empty()
                : Optional.of(new String[] {agent.substring(0, at), computer});
    }

    /** Ends a pane gather spawned, here or on its computer. */
    public void kill(String pane) {
        Optional<String[]> remote = d.remote.address(pane);
        if (remote.isPresent()) {
            d.remote.spawns.end(remote.get()[0], remote.get()[1]);
            return;
        }
        end(d, pane);
    }

    /** How long an agent has, once its pane is closed, to end on its own before it is asked, then made, to. */
    static final Duration LEFTOVER_GRACE = Duration.ofSeconds(5);

    /**
     * Closes {@code pane} here, and ends what ran in it: its processes are noted before the pane goes
     * (after, a harness that ignores the hang-up, as Gemini's node does, is nobody's child but init's)
     * and whatever of them outlives the pane by {@link #LEFTOVER_GRACE} is ended.
     */
    static void end(Household d, String pane) {
        List<ProcessHandle> tree = List.of();
        try {
            tree = d.tmux.panes().stream()
                    .filter(p -> p.id().equals(pane))
                    .findFirst()
                    .map(p -> Processes.tree(p.pid()))
                    .orElse(List.of());
            d.tmux.kill(pane);
        } catch (RuntimeException e) {
            // the pane is already gone, or tmux with it: what ran in it is still ended below
        }
        if (!tree.isEmpty()) {
            Processes.endLeftovers(tree, LEFTOVER_GRACE, d.scheduler::after);
        }
    }

    /**
     * Every participant's problem at once (unknown kinds, programs not on PATH, panes not live or
     * given twice), as one error; else each given pane, checked, by member name.
     */
    Map<String, String> check(List<Participant> participants, AgentCommands agents) {
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
                Optional<String[]> elsewhere = onAnotherComputer(p.agent());
                if (elsewhere.isPresent()) {
                    if (!d.remote.reachable(elsewhere.get()[1])) {
                        problems.add(
                                p.name() + ": computer " + elsewhere.get()[1]
                                        + " is not reachable (no gather daemon alive there, or not paired: gather remote pair)");
                    }
                } else {
                    agents.problem(p.agent(), p.name(), path).ifPresent(why -> problems.add(p.name() + ": " + why));
                }
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
        if (!cwd.isAbsolute() || !Files.isDirectory(cwd)) {
            throw new UserError(r.op() + ": cwd " + given.get() + " is not an absolute path of a directory");
        }
        return cwd;
    }

    /** An existing pane as a member: live here, or on a computer whose daemon is alive. */
    private String existing(String pane) {
        Optional<String[]> elsewhere = d.remote.address(pane);
        if (elsewhere.isPresent()) {
            d.remote.requireReachable(elsewhere.get()[0], "start_gathering");
            return pane;
        }
        return d.verifiedPane(Optional.of(pane), "start_gathering");
    }
}
