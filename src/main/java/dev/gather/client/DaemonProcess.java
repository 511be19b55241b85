package dev.gather.client;

import dev.gather.home.RotatingLog;
import dev.gather.home.StateDir;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A daemon's process as a client makes it (detached in its own session, its JVM flags, its log), and
 * the one still coming up: the last one spawned for a state directory is written down in {@code
 * daemon.starting} (its pid and when its process began), so that a revival while it starts waits for
 * it instead of spawning another. A JVM takes seconds to start on a loaded machine and a sim revives
 * each second: every spawn beyond the first lost the daemon lock and exited, a herd of JVMs that only
 * made the machine slower (on one core, a resume took two and a half minutes).
 */
final class DaemonProcess {
    /** A daemon that has not taken its lock this long after it was spawned is no longer awaited. */
    static final Duration COMING_UP = Duration.ofSeconds(60);

    /** How a daemon's process is made: {@link #spawn}, or a test's stand-in. */
    @FunctionalInterface
    interface Spawner {
        Process spawn(StateDir state) throws IOException;
    }

    private DaemonProcess() {}

    /** The daemon's process, detached in its own session so it outlives the client's terminal. */
    static Process spawn(StateDir state) throws IOException {
        state.create();
        // the last daemon's log moves aside before this one writes a line: rotated later, once the new
        // daemon held its lock, its own first lines (a broken profile it refused) went with the old log
        RotatingLog.rotate(state.log(), RotatingLog.KEEP);
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid");
        }
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(DaemonStarter.DAEMON_JVM);
        // the logger writes to stderr, which the daemon makes its rotating log once it holds the lock
        // (RotatingLog.takeStdio): a file the logger opened itself was truncated at every start
        cmd.add("-D" + DaemonStarter.LOG_PROPERTY + "=" + state.log());
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add("dev.gather.cli.Main");
        cmd.add("daemon");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(state.log().toFile()))
                .redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", state.root().toString());
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("GATHER_PANE");
        pb.environment().putAll(DaemonStarter.DAEMON_ENV);
        return pb.start();
    }

    /**
     * The daemon's class path: this process's, with the main jar in place of the bridges' small one
     * (whose manifest only points at it).
     */
    private static String classPath() {
        String cp = System.getProperty("java.class.path");
        return cp.endsWith("gather-bridge.jar")
                ? cp.substring(0, cp.length() - "gather-bridge.jar".length()) + "gather.jar"
                : cp;
    }

    /** Spawns a daemon with {@code spawner} and writes it down as the one coming up. Under start.lock. */
    static Process spawnNoted(StateDir state, Spawner spawner) throws IOException {
        Process p = spawner.spawn(state);
        long began =
                p.toHandle().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
        Path tmp = file(state).resolveSibling("daemon.starting.tmp");
        Files.writeString(tmp, p.pid() + " " + began + "\n", StandardCharsets.US_ASCII);
        Files.move(tmp, file(state), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return p;
    }

    /**
     * Whether the daemon last spawned for {@code state} is still coming up: its process lives (the
     * same one: a pid given to another process since began at another time), spawned within
     * {@link #COMING_UP} of {@code clock}'s now.
     */
    static boolean underWay(StateDir state, Clock clock) {
        String[] noted;
        try {
            noted = Files.readString(file(state), StandardCharsets.US_ASCII)
                    .strip()
                    .split(" ");
        } catch (IOException none) {
            return false;
        }
        if (noted.length != 2 || !noted[0].matches("[0-9]{1,10}") || !noted[1].matches("[0-9]{1,19}")) {
            return false;
        }
        long began = Long.parseLong(noted[1]);
        Optional<ProcessHandle> p = ProcessHandle.of(Long.parseLong(noted[0])).filter(ProcessHandle::isAlive);
        boolean same = p.flatMap(h -> h.info().startInstant())
                .map(s -> s.toEpochMilli() == began)
                .orElse(false);
        return same && clock.instant().isBefore(Instant.ofEpochMilli(began).plus(COMING_UP));
    }

    private static Path file(StateDir state) {
        return state.root().resolve("daemon.starting");
    }
}
