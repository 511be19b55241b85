package dev.gather.daemon;

import dev.gather.delivery.Ledger;
import dev.gather.delivery.PostOffice;
import dev.gather.door.Doors;
import dev.gather.gathering.Gatherings;
import dev.gather.home.Homes;
import dev.gather.home.StateDir;
import dev.gather.identity.HookPanes;
import dev.gather.identity.LearnedPanes;
import dev.gather.journal.JournalFiles;
import dev.gather.journal.Journals;
import dev.gather.link.Fanout;
import dev.gather.link.Links;
import dev.gather.ops.GatheringRuns;
import dev.gather.ops.Household;
import dev.gather.ops.MemberPanes;
import dev.gather.ops.Pulls;
import dev.gather.process.Threads;
import dev.gather.profile.Profiles;
import dev.gather.relay.DirectRhythm;
import dev.gather.relay.Relay;
import dev.gather.relay.Replies;
import dev.gather.relay.ScreenSources;
import dev.gather.remote.Remote;
import dev.gather.resume.Resumption;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.server.Dispatcher;
import dev.gather.server.SocketServer;
import dev.gather.time.MeasuredScheduler;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.Tmuxes;
import dev.gather.transport.Transport;
import dev.gather.transport.Transports;
import dev.gather.turn.HookParsers;
import dev.gather.turn.SessionPanes;
import dev.gather.turn.Spool;
import dev.gather.turn.SpoolWatcher;
import dev.gather.turn.TurnFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one holder of state: links, gatherings, journals, the tmux driver. Everything else (CLI, MCP
 * server, hooks) is a thin client of its socket.
 */
public final class Daemon implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);

    final StateDir state;
    /** gather's state and the harnesses' homes: where their transcripts are read from. */
    final Homes homes;

    final Clock clock;
    final Instant started;
    final Tmux tmux;
    final Deliverer deliverer;
    final Links links;
    /** Links and gatherings the last daemon left unclosed that could not resume (their panes gone). */
    final List<String> interrupted = new CopyOnWriteArrayList<>();
    /** Links and gatherings the last daemon left unclosed that this one resumed. */
    final List<String> resumed = new CopyOnWriteArrayList<>();

    final Journals journals;
    final Relay relay;
    final Replies replies;
    final Profiles profiles;
    final Transport transport;
    final Remote remote;
    /** Where every delivery step is recorded: the journals, and the owning computer for remote links. */
    final Ledger ledger;

    final Fanout fanout;
    final PostOffice post;
    final Dispatcher dispatcher = new Dispatcher();
    final ScreenSources screens;
    final RhythmLibrary rhythms;
    /** Harness session ids seen in each pane's turns: where a shared harness process's hook events belong. */
    final LearnedPanes learnedPanes = new LearnedPanes();

    final Gatherings gatherings = new Gatherings();
    final GatheringRuns runs = new GatheringRuns();
    /** Members without a pane who pull what is said to them. */
    final Pulls pulls;

    final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(Threads.named("gather-timers"));
    final MeasuredScheduler scheduler = new MeasuredScheduler(timers);
    /** Runs the gatherings' lanes, 8 at once (an event takes milliseconds); more wait their turn. */
    final ExecutorService lanes = Threads.bounded("gather-gathering", 8);

    private final CountDownLatch stopped = new CountDownLatch(1);
    private SocketServer server;
    SpoolWatcher spool;
    /** Codex's turn ends carry the first pane's TMUX_PANE; their payloads say whose they are. */
    final SessionPanes sessions = new SessionPanes();

    private AutoCloseable exits;
    /** Which harnesses have a door of their own; tests may take one away. */
    final Doors doors;

    private final DaemonDoors wiredDoors;
    /** What the ops and the resumption see of this daemon. */
    final Household house;
    /** Whether it runs under the daemon lock, which wrote its pid (see {@link DaemonLock#announce}). */
    private boolean locked;

    Daemon(Homes homes, Tmux tmux, Clock clock) {
        this(homes, tmux, clock, JournalFiles.REAL);
    }

    /** A daemon whose journals are written through {@code files} (tests fail the disk on purpose). */
    Daemon(Homes homes, Tmux tmux, Clock clock, JournalFiles files) {
        this.homes = homes;
        this.state = homes.state();
        this.clock = clock;
        this.started = clock.instant();
        this.pulls = new Pulls(clock);
        this.tmux = tmux;
        this.deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        this.journals = new Journals(state.journals(), clock, files);
        // an id says when its link was made, and is never one an old journal holds
        DateTimeFormatter stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
        this.links =
                new Links(() -> "link-" + stamp.format(clock.instant()) + "-", id -> Files.exists(journals.file(id)));
        // only the shipped files and $GATHER_HOME: never the directory the first client happened to run in
        this.rhythms = new RhythmLibrary(List.of(state.root().resolve("rhythms")));
        this.profiles = Profiles.load(List.of(state.root().resolve("profiles")));
        var transports = Transports.config(System.getenv(), state.root());
        this.transport = Transports.open(transports);
        this.remote = new Remote(transport, transports.redisUrl().isPresent(), links, journals);
        this.ledger = remote.forwarding(Relay.ledger(journals));
        this.screens = new ScreenSources(tmux, timers, clock);
        this.wiredDoors = DaemonDoors.open(sessions, timers);
        this.doors = wiredDoors.doors();
        DaemonPort port = new DaemonPort(screens, sessions, wiredDoors.claude().traces(), this::relay);
        this.post = new PostOffice(tmux, deliverer, profiles, clock, ledger, port, doors);
        this.fanout = new Fanout(post, remote);
        var relayPort = new DaemonRelayPort(screens, sessions, learnedPanes, remote, gatherings, this::replies);
        this.relay = new Relay(
                links, journals, fanout, TurnFilter.defaults(), DirectRhythm.from(rhythms.direct()), relayPort);
        this.replies = new Replies(relay, post);
        this.house = DaemonOps.household(this);
        DaemonOps.register(this);
    }

    /** The relay, once built: the post office's port reads it only when a member turns out unreachable. */
    private Relay relay() {
        return relay;
    }

    /** The replies, once built: the relay's port reads them only once turns arrive. */
    private Replies replies() {
        return replies;
    }

    /**
     * Runs a daemon for {@code state} until shut down, with ops that live above this package ({@code
     * mcp}'s bridged sessions) added to the dispatcher before the socket opens; returns false at once
     * when another daemon already holds the state directory.
     */
    public static boolean run(StateDir state, Consumer<Dispatcher> extend) throws IOException, InterruptedException {
        state.create();
        Optional<DaemonLock> lock = DaemonLock.tryAcquire(state.lock());
        if (lock.isEmpty()) {
            return false;
        }
        lock.get().announce();
        try (Daemon daemon =
                new Daemon(Homes.fromEnvironment().withState(state), Tmuxes.connect(), Clock.systemUTC())) {
            daemon.locked = true;
            extend.accept(daemon.dispatcher);
            daemon.start();
            Lifetime.await(daemon.stopped, state.socket()).ifPresent(why -> LOG.warn("daemon stops: {}", why));
        } finally {
            lock.get().close();
        }
        return true;
    }

    /**
     * A daemon serving {@code state} inside this process, with this environment's harness homes (the demo,
     * live harness tests); close it to stop.
     */
    public static Daemon inProcess(StateDir state, Tmux tmux) throws IOException {
        state.create();
        Daemon d = new Daemon(Homes.fromEnvironment().withState(state), tmux, Clock.systemUTC());
        d.start();
        return d;
    }

    /** What the panes' own hook events taught this daemon: harness sessions, doors, prompts taken. */
    public SessionPanes sessions() {
        return sessions;
    }

    /** The doors members are reached through, by harness; a test may replace or take one away. */
    public Doors doors() {
        return doors;
    }

    /** The ops this daemon answers; more may be added before clients arrive (bridged sessions). */
    public Dispatcher dispatcher() {
        return dispatcher;
    }

    /** Answers one protocol line, as the socket would. */
    public String answer(String requestLine) {
        return dispatcher.answer(requestLine);
    }

    void start() throws IOException {
        if (!locked) {
            // a daemon in a test or the demo holds no lock: its pid is written all the same
            Files.writeString(state.lock(), ProcessHandle.current().pid() + "\n");
        }
        exits = tmux.onPaneExit(relay::paneGone);
        MemberPanes memberPanes = new MemberPanes(house);
        remote.spawns.use(memberPanes.forOthers(), memberPanes::kill);
        remote.start(relay, post, timers);
        // links and gatherings come back first, so a turn the spool hands over again finds its link;
        // their ceremonies go on only once what the last daemon left queued is queued again
        Runnable resume = Resumption.prepare(house);
        Resumption.requeue(house);
        resume.run();
        spool = SpoolWatcher.start(
                new Spool(state.spool()),
                HookParsers.forUser(homes),
                // the pane a turn came from is the one its hook ran in, not the one $TMUX_PANE named
                new HookPanes(tmux::panes, learnedPanes, HookPanes.NO_SESSION_IDS),
                sessions,
                relay::onSpooledTurn);
        spool.onRefused(new SpoolRefusals(this));
        server = new SocketServer(state.socket());
        Thread accept = new Thread(() -> server.serve(dispatcher::respond), "gather-accept");
        accept.setDaemon(true);
        accept.start();
        LOG.info("daemon {} serving {}", ProcessHandle.current().pid(), state.socket());
    }

    /** The daemon's socket, whose connections and threads a test counts. */
    SocketServer socket() {
        return server;
    }

    /** Asks the daemon to stop; {@link #run} returns once it has. */
    void stop() {
        stopped.countDown();
    }

    @Override
    public void close() {
        try {
            if (server != null) {
                server.close();
            }
            if (spool != null) {
                spool.close();
            }
            if (exits != null) {
                exits.close();
            }
        } catch (Exception e) {
            LOG.warn("closing daemon: {}", e.getMessage());
        }
        // running gatherings stay open in their journals: the next daemon resumes them (an upgrade
        // is a stop and a start); what is being typed lands first
        post.finishTyping(Duration.ofSeconds(5));
        screens.close();
        timers.shutdownNow();
        lanes.shutdown();
        post.close();
        wiredDoors.close();
        transport.close();
        deliverer.close();
        journals.close();
        tmux.close();
    }
}
