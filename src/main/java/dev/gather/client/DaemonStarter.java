package dev.gather.client;

import dev.gather.home.ConfigFile;
import dev.gather.home.StateDir;
import dev.gather.server.UserError;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Starts a daemon for a state directory when none answers (as tmux does), detached in its own session
 * so it outlives the client's terminal. Needs nothing beyond the JDK: the thin {@code gather mcp}
 * bridge starts daemons too and must stay small.
 */
public final class DaemonStarter {
    /**
     * How long a caller waits for a new daemon to answer. It answers in 1–2 s on an idle machine; a
     * busy one (a CI job starting a dozen JVMs) has taken over 20. A daemon that fails is reported at
     * once: this bounds only one that hangs.
     */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** The first of a wait's polls, doubled at each one up to 200 ms ({@link #backOff}). */
    private static final long FIRST_PAUSE = TimeUnit.MILLISECONDS.toNanos(10);

    /**
     * How a daemon's JVM runs: a long-lived process that must come back to its size after a burst
     * (5,000 connections, docs/performance.md). A small initial heap that may shrink again, the native
     * heap trimmed every 5 s (ignored by a JVM that lacks the flag), few malloc arenas. The quick
     * compiler only: a daemon waits on sockets and panes, and the optimizing one spent a second of CPU
     * on each start and ~28 MiB of memory under 100 gatherings, relaying no faster (bench beats, idle).
     * Kept here, not in {@link DaemonClient}, whose Jackson a bridge must not load.
     */
    static final List<String> DAEMON_JVM = List.of(
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Xms16m",
            "-XX:MaxHeapFreeRatio=40",
            "-XX:+IgnoreUnrecognizedVMOptions",
            "-XX:TrimNativeHeapInterval=5000");

    /** The daemon's environment beyond gather's own variables. */
    static final Map<String, String> DAEMON_ENV = Map.of("MALLOC_ARENA_MAX", "2");

    /** The system property that tells a daemon started here where its log goes. */
    public static final String LOG_PROPERTY = "gather.daemon.log";

    private DaemonStarter() {}

    /**
     * A connection to {@code state}'s daemon, started first (ready once {@code running} says so)
     * only when none can be reached: a daemon that fails mid-answer, or a caller's thread interrupted
     * while waiting, is reported by the caller, not doubled.
     */
    public static SocketChannel connectOrStart(StateDir state, BooleanSupplier running) throws IOException {
        try {
            return state.connect();
        } catch (StateDir.NotYours e) {
            throw new UserError(e.getMessage());
        } catch (IOException notRunning) {
            start(state, running);
            try {
                return state.connect();
            } catch (StateDir.NotYours e) {
                throw new UserError(e.getMessage());
            }
        }
    }

    /**
     * Starts a daemon for {@code state} and returns once {@code running} says it answers. Clients that
     * start one at the same moment (two bridges, a hook and a command) take turns: the first starts
     * it, the others wait for it instead of starting one that loses the daemon lock and exits.
     */
    public static void start(StateDir state, BooleanSupplier running) throws IOException {
        start(state, running, DaemonProcess::spawn);
    }

    static void start(StateDir state, BooleanSupplier running, DaemonProcess.Spawner spawner) throws IOException {
        requireOwnStateDir(state);
        requireReadableConfig(state);
        state.create();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try (FileChannel turn = openTurn(state)) {
            FileLock mine = null;
            long pause = FIRST_PAUSE;
            while (mine == null) {
                mine = tryTurn(turn); // null while another thread of this process, or another process, starts it
                if (mine == null) {
                    if (running.getAsBoolean()) {
                        return; // the one who started it first is done
                    }
                    if (System.nanoTime() > deadline) {
                        throw notReady(state);
                    }
                    pause = backOff(pause);
                }
            }
            // started by whoever held the turn before us, or on its way up from a revival: awaited, not doubled
            pause = FIRST_PAUSE;
            while (!running.getAsBoolean()
                    && DaemonProcess.underWay(state, Clock.systemUTC())
                    && System.nanoTime() < deadline) {
                pause = backOff(pause);
            }
            if (running.getAsBoolean()) {
                return;
            }
            if (System.nanoTime() >= deadline) {
                throw notReady(state); // the one coming up took all our wait: none spawned that nobody waits for
            }
            Optional<String> stopped = stoppedAt(state);
            Process p = DaemonProcess.spawnNoted(state, spawner);
            // on stderr (stdout may be an MCP stream): a first call waits seconds for the JVM and tmux, and says why
            if (stopped.isPresent()) {
                // someone stopped it on purpose: starting it again quietly would undo that unseen
                System.err.println("gather: the daemon was stopped (gather daemon --stop, " + stopped.get()
                        + "); starting it again for this command (log: " + state.log() + ") …");
            } else {
                System.err.println("gather: starting the daemon for " + state.root() + " (log: " + state.log() + ") …");
            }
            awaitReady(state, running, p, deadline);
        }
    }

    /**
     * Starts a daemon for {@code state} in the background, without waiting, when the one that ran there
     * is gone (a crash, SIGKILL, {@code gather daemon --stop}): a turn end or a call that finds none
     * brings it back, so nothing waits on someone running a command. Returns whether it started one.
     */
    public static boolean revive(StateDir state) {
        return revive(state, DaemonProcess::spawn);
    }

    /**
     * {@link #revive(StateDir)} with {@code spawner}: it takes start.lock without waiting (whoever holds
     * it is starting one this moment) and spawns none while the last one spawned is still coming up.
     */
    static boolean revive(StateDir state, DaemonProcess.Spawner spawner) {
        if (!DaemonPid.gone(state)) {
            return false; // it runs (answering or not), or none ever ran here: nothing to bring back
        }
        try {
            requireOwnStateDir(state);
            state.create();
            try (FileChannel turn = openTurn(state)) {
                FileLock mine = tryTurn(turn);
                if (mine == null) {
                    return false;
                }
                try (mine) {
                    if (!DaemonPid.gone(state) || DaemonProcess.underWay(state, Clock.systemUTC())) {
                        return false;
                    }
                    DaemonProcess.spawnNoted(state, spawner);
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("gather: could not start the daemon for " + state.root() + ": " + e.getMessage());
            return false;
        }
    }

    /**
     * Brings the daemon of this environment's state directory back when it is gone and waits until
     * it answers; bin/gather's shell hook runs it in the background when the daemon it finds is gone.
     */
    public static void main(String[] args) {
        StateDir state = StateDir.fromEnvironment();
        if (!DaemonPid.gone(state)) {
            return;
        }
        try {
            start(state, () -> Patience.answers(state) && connects(state));
        } catch (IOException | RuntimeException e) {
            System.err.println("gather: " + e.getMessage());
            System.exit(1);
        }
    }

    /** When {@code gather daemon --stop} stopped the last daemon, if it did and none ran since. */
    private static Optional<String> stoppedAt(StateDir state) {
        try {
            return Optional.of(Files.readString(state.stoppedMark()).strip());
        } catch (IOException none) {
            return Optional.empty();
        }
    }

    private static boolean connects(StateDir state) {
        try (SocketChannel ch = state.connect()) {
            return ch.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    private static void awaitReady(StateDir state, BooleanSupplier running, Process p, long deadline)
            throws IOException {
        long pause = FIRST_PAUSE;
        while (System.nanoTime() < deadline) {
            if (running.getAsBoolean()) {
                System.err.println("gather: daemon ready");
                return;
            }
            // a daemon that exits while another one lives lost the lock to it: that one is awaited
            if (!p.isAlive() && p.exitValue() != 0 && DaemonPid.living(state).isEmpty()) {
                throw new IOException("the daemon failed to start (exit " + p.exitValue() + "); see " + state.log());
            }
            // polling the socket with backoff: a daemon announces nothing else when it is ready
            pause = backOff(pause);
        }
        throw notReady(state);
    }

    /** Parks for {@code pause} and returns the next one: doubled, up to 200 ms. */
    private static long backOff(long pause) {
        LockSupport.parkNanos(pause);
        return Math.min(pause * 2, TimeUnit.MILLISECONDS.toNanos(200));
    }

    /** start.lock taken without waiting; null while another process, or another thread of this one, holds it. */
    private static FileLock tryTurn(FileChannel turn) throws IOException {
        try {
            return turn.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            return null;
        }
    }

    /** start.lock: whoever holds it starts the daemon, one client at a time. */
    private static FileChannel openTurn(StateDir state) throws IOException {
        return FileChannel.open(
                state.root().resolve("start.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    private static IOException notReady(StateDir state) {
        return new IOException("no daemon answered on " + state.socket() + " within " + START_TIMEOUT.toSeconds()
                + " s; see " + state.log());
    }

    /**
     * What the daemon reads first, checked here by name without opening it: a {@code config.properties}
     * that is a link to {@code /dev/zero}, a FIFO or a link loop stops the daemon at its first line, and
     * the person saw only "failed to start; see daemon.log".
     */
    private static void requireReadableConfig(StateDir state) {
        Path config = state.root().resolve("config.properties");
        if (!Files.exists(config, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            ConfigFile.regular(config);
        } catch (IOException e) {
            throw new UserError("the daemon cannot start: " + e.getMessage());
        }
    }

    /**
     * The state directory (and its socket) must be this user's: another user's daemon is not ours to
     * reach or start, and saying so beats blaming setsid or a log we cannot read.
     */
    static void requireOwnStateDir(StateDir state) {
        String me = System.getProperty("user.name");
        for (Path p : List.of(state.root(), state.socket())) {
            String owner;
            try {
                owner = Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName();
            } catch (IOException | UnsupportedOperationException e) {
                continue; // not there yet (a first start makes it) or no owners on this file system
            }
            if (!owner.equals(me)) {
                throw new UserError("the gather state directory " + state.root() + " belongs to user " + owner
                        + ", not to you (" + me + "); its daemon is theirs. Set GATHER_HOME to a directory of"
                        + " your own");
            }
        }
    }
}
