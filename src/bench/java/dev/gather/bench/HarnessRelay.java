package dev.gather.bench;

import dev.gather.delivery.DeliveryState;
import dev.gather.delivery.Ledger;
import dev.gather.delivery.Port;
import dev.gather.delivery.PostOffice;
import dev.gather.door.ClaudeDoors;
import dev.gather.door.ClaudeTraces;
import dev.gather.door.CodexDoors;
import dev.gather.door.Doors;
import dev.gather.home.StateDir;
import dev.gather.journal.Journals;
import dev.gather.link.Fanout;
import dev.gather.link.Link;
import dev.gather.link.Links;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.process.Processes;
import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.relay.Relay;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.TmuxConfig;
import dev.gather.turn.HookParsers;
import dev.gather.turn.PaneResolver;
import dev.gather.turn.SessionPanes;
import dev.gather.turn.Spool;
import dev.gather.turn.SpoolWatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The relay wired for real harness panes as the daemon wires it, without a daemon: turn ends come
 * through the spool ({@code bin/gather hook}), Codex's turns are attributed by their thread, and a
 * member's messages go through its harness's door once {@link #doors} are on (keystrokes before).
 * Two panes of one harness answer each other in a direct link; every relayed turn is a sample.
 */
final class HarnessRelay implements AutoCloseable {
    /**
     * One relayed turn: its words, when its hook fired, when the other member took them (typed and
     * Enter taken, or a door's turn started with them), and when a door answered that it has them
     * (empty when they were typed).
     */
    record Sample(String text, long hookMillis, long takenMillis, boolean ok, OptionalLong handedMillis) {
        /** Whether a door carried the words. */
        boolean door() {
            return handedMillis.isPresent();
        }
    }

    private final StateDir state;
    private final ControlModeTmux tmux;
    private final Journals journals;
    private final Deliverer deliverer;
    private final SessionPanes sessions = new SessionPanes();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bench-door-timer");
        t.setDaemon(true);
        return t;
    });
    /** The texts a door handed over, and when: a sample whose words are in one of them went through a door. */
    private final Map<String, Long> handed = new ConcurrentHashMap<>();
    /** The texts whose turn the harness was seen to start (a door's receipt, or typed and taken). */
    private final Set<String> taken = ConcurrentHashMap.newKeySet();
    /**
     * Why deliveries failed, by pane, for the message of a run that stalls: only the current link's
     * panes count (an earlier link's pane, ended, can still report its last letter failed).
     */
    private final Map<String, String> failed = new ConcurrentHashMap<>();

    private final PostOffice post;
    private final Links links = new Links("bench-");
    private final Relay relay;
    private final BlockingQueue<Sample> relayed = new LinkedBlockingQueue<>();
    private final SpoolWatcher watcher;
    private final ClaudeDoors claude;
    /** The doors gather ships, whose Codex door the rows register; owns the threads `codex queue` runs on. */
    private final Doors shipped;

    /** A relay over a private tmux server and state in {@code dir}; Claude transcripts are read under {@code claudeRoots}. */
    HarnessRelay(Path dir, List<Path> claudeRoots) throws IOException {
        this.state = new StateDir(dir.resolve("gather"));
        Files.createDirectories(state.spool());
        String socket = BenchContext.privateSocket();
        this.tmux = ControlModeTmux.connect(TmuxConfig.socket(socket));
        BenchPanes.keepDead(socket);
        this.journals = new Journals(dir.resolve("journal"), Clock.systemUTC());
        this.deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        Ledger ledger = (letter, pane, step, detail) -> {
            if (step == DeliveryState.HANDED) {
                handed.put(letter.text(), System.currentTimeMillis());
            } else if (step == DeliveryState.DELIVERED) {
                taken.add(letter.text());
            } else if (step == DeliveryState.FAILED) {
                failed.merge(pane, detail, (a, b) -> a + "; " + b);
            }
        };
        // Claude's own evidence of a handed message, fed as the daemon feeds it: taken at the prompt
        // hook, answered at the turn end
        this.claude = new ClaudeDoors(sessions::claudeMessaging, late -> {}).transcripts(sessions::claudeTranscript);
        sessions.onPromptSubmitted(
                p -> claude.traces().prompt(p.pane(), p::carries, "Claude started a turn with it (UserPromptSubmit)"));
        ClaudeTraces traces = claude.traces();
        Port port = new Port() {
            @Override
            public void typing(String pane, String text) {
                // what gather typed or handed is how a Codex turn end finds its pane (its notify names the first pane)
                sessions.typed(pane, text);
            }

            @Override
            public void turnEnded(String pane, String how) {
                traces.turnEnded(pane, how);
            }
        };
        this.shipped = Doors.shipped(sessions::threadOfPane, timer);
        this.post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), ledger, port, Doors.none());
        this.relay = Relay.unbudgeted(links, journals, new Fanout(post));
        this.watcher = SpoolWatcher.start(
                new Spool(state.spool()),
                HookParsers.withClaudeRoots(claudeRoots),
                PaneResolver.AS_NAMED,
                sessions,
                out -> relay.onTurnOutput(out).whenComplete((v, e) -> {
                    OptionalLong door = handed.entrySet().stream()
                            .filter(h -> h.getKey().contains(out.text()))
                            .mapToLong(Map.Entry::getValue)
                            .findFirst();
                    relayed.add(new Sample(
                            out.text(), out.time().toEpochMilli(), System.currentTimeMillis(), e == null, door));
                }));
    }

    /** The gather state directory the panes' hooks write into ({@code GATHER_HOME}). */
    Path gatherHome() {
        return state.root();
    }

    /**
     * From now on a member whose harness has a door gets its messages through it, as the daemon's do:
     * Codex's queue (the native program behind npm's launcher), and Claude's messaging socket.
     */
    void doors() {
        post.doors().register("codex", codex()).register("claude", claude);
    }

    /**
     * As {@link #doors()}, with Codex's door running {@code codex queue} through {@code codexProgram}
     * for every message instead of using its server's control socket.
     */
    void doors(Path codexProgram) {
        post.doors().register("codex", codex().through(codexProgram)).register("claude", claude);
    }

    /** Back to keystrokes for every member. */
    void keystrokes() {
        post.doors().forget("codex").forget("claude");
    }

    /** The Codex door gather ships. */
    private CodexDoors codex() {
        return (CodexDoors) shipped.of("codex").orElseThrow();
    }

    /**
     * Two panes running {@code command} as {@code profile} in a direct link, answering each other:
     * every relayed turn is a sample (the first two warm up: a door opens once a turn end named the
     * pane's session). A sample counts once the other member answered it, so its model surely had
     * its words before the panes end.
     */
    List<Sample> pingPong(Profile profile, List<String> command, Map<String, String> env, Path work, int samples)
            throws InterruptedException {
        try {
            return attempt(profile, command, env, work, samples);
        } catch (HarnessDied e) {
            // a harness that exits before its first turn was relayed measured nothing: say so, start again once
            System.err.println("bench: WARN " + e.getMessage() + "; starting both panes again");
            return attempt(profile, command, env, work, samples);
        }
    }

    private List<Sample> attempt(Profile profile, List<String> command, Map<String, String> env, Path work, int samples)
            throws InterruptedException {
        List<Member> members = new ArrayList<>();
        List<Pane> panes = new ArrayList<>();
        Map<String, String> all = new HashMap<>(env);
        all.put("GATHER_HOME", state.root().toString());
        all.put("LANG", "C.UTF-8");
        try {
            for (String name : List.of("Ada", "Bo")) {
                List<String> cmd = new ArrayList<>(command);
                if (profile.name().equals("sim")) {
                    cmd.addAll(List.of("--name", name));
                }
                Pane pane = tmux.spawn(new SpawnSpec(profile.name() + "-" + name, cmd, all, work, 120, 40));
                panes.add(pane);
                post.started(pane.id(), profile);
                members.add(Member.inPane(name, members.size() + 1, Role.SPEAKER, pane.id()));
            }
            relayed.clear();
            failed.clear();
            Set<String> ours = panes.stream().map(Pane::id).collect(Collectors.toSet());
            Supplier<List<String>> oursFailed = () -> failed.entrySet().stream()
                    .filter(f -> ours.contains(f.getKey()))
                    .map(f -> f.getKey() + ": " + f.getValue())
                    .toList();
            Link link = links.create("direct", OptionalInt.empty(), members);
            relay.relay(link, members.get(0), "Hello Bo, please answer.");
            List<Sample> out = new ArrayList<>();
            while (out.size() < samples + 3) {
                Sample s = null;
                // a failed delivery ends no turn, and neither does a pane that ended (kept on screen by
                // remain-on-exit, it may never fail a letter): stop at once rather than wait out the 120 s
                for (int waited = 0;
                        s == null
                                && waited < 120
                                && oursFailed.get().isEmpty()
                                && (waited == 0 || panes.stream().allMatch(p -> tmux.alive(p.id())));
                        waited++) {
                    s = relayed.poll(1, TimeUnit.SECONDS);
                }
                if (s == null || !s.ok()) {
                    List<String> dead = panes.stream()
                            .filter(p -> !tmux.alive(p.id()))
                            .map(Pane::session)
                            .toList();
                    if (out.isEmpty() && !dead.isEmpty()) {
                        throw new HarnessDied(profile.name() + ": " + String.join(", ", dead)
                                + " ended before the first turn was relayed; the panes showed:\n"
                                + BenchPanes.screens(tmux, panes));
                    }
                    long unseen = handed.keySet().stream()
                            .filter(t -> !taken.contains(t))
                            .count();
                    throw new IllegalStateException(profile.name() + ": a turn was not relayed"
                            + (oursFailed.get().isEmpty() ? " within 120 s (" : " (")
                            + out.size() + " so far; " + unseen + " handed through a door and never seen taken"
                            + (oursFailed.get().isEmpty() ? "" : "; failed: " + String.join("; ", oursFailed.get()))
                            + "); the panes showed:\n" + BenchPanes.screens(tmux, panes));
                }
                out.add(s);
            }
            relay.close(link, "benchmark done");
            return out.subList(2, samples + 2);
        } finally {
            // a node harness may ignore the hang-up and outlive tmux
            panes.forEach(p -> Processes.endTree(p.pid(), Duration.ofSeconds(10)));
            // a dead pane stays (remain-on-exit): its session would block the next attempt's name
            panes.forEach(p -> {
                try {
                    tmux.kill(p.id());
                } catch (RuntimeException gone) {
                    // already gone with its program
                }
            });
        }
    }

    @Override
    public void close() throws IOException {
        try {
            watcher.close();
        } finally {
            post.close();
            shipped.close();
            claude.close();
            timer.shutdownNow();
            deliverer.close();
            journals.close();
            tmux.killServer();
            tmux.close();
        }
    }
}
