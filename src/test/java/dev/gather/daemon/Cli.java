package dev.gather.daemon;

import dev.gather.client.DaemonPid;
import dev.gather.home.Homes;
import dev.gather.home.StateDir;
import dev.gather.testing.HomeProcesses;
import dev.gather.testing.TestHomes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs `gather <args>` as its own process on a private state directory (and tmux server), as a user would. */
final class Cli {
    private Cli() {}

    /** What a finished command printed (stdout and stderr) and its exit code. */
    record Result(int code, String out) {}

    /** Starts the command; the caller reads its output. */
    static Process start(Path home, Optional<String> tmuxSocket, String... args) throws IOException {
        return startIn(Path.of("").toAbsolutePath(), home, tmuxSocket, args);
    }

    /** Starts the command with {@code env} added to its environment. */
    static Process startWith(Map<String, String> env, Path home, Optional<String> tmuxSocket, String... args)
            throws IOException {
        return startIn(Path.of("").toAbsolutePath(), env, home, tmuxSocket, args);
    }

    /** Starts the command in working directory {@code cwd}. */
    static Process startIn(Path cwd, Path home, Optional<String> tmuxSocket, String... args) throws IOException {
        return startIn(cwd, Map.of(), home, tmuxSocket, args);
    }

    private static Process startIn(
            Path cwd, Map<String, String> env, Path home, Optional<String> tmuxSocket, String... args)
            throws IOException {
        Process p = builder(cwd, env, home, tmuxSocket, args).start();
        p.getOutputStream().close();
        return p;
    }

    private static ProcessBuilder builder(
            Path cwd, Map<String, String> env, Path home, Optional<String> tmuxSocket, String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(cwd.toFile());
        own(pb.environment(), home);
        tmuxSocket.ifPresent(s -> pb.environment().put("GATHER_TMUX_SOCKET", s));
        pb.environment().putAll(env);
        return pb;
    }

    /**
     * Starts {@code command} as bin/gather runs the quick commands: through the bridge the daemon
     * serves ({@code dev.gather.bridge.CliBridge}); stderr goes to {@code stderr}.
     */
    static Process startBridged(Path home, String tmuxSocket, ProcessBuilder.Redirect stderr, String... command)
            throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.bridge.CliBridge"));
        cmd.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(stderr);
        own(pb.environment(), home);
        pb.environment().put("GATHER_TMUX_SOCKET", tmuxSocket);
        Process p = pb.start();
        p.getOutputStream().close();
        return p;
    }

    /**
     * A command's environment: {@code home} as {@code $GATHER_HOME}, the homes of {@link TestHomes#under}
     * (a daemon it starts reads no transcript of the developer's), no pane of the developer's.
     */
    private static void own(Map<String, String> env, Path home) {
        Homes homes = TestHomes.under(home);
        env.put("GATHER_HOME", home.toString());
        env.put("HOME", homes.user().toString());
        env.keySet().removeIf(k -> k.matches("XDG_(STATE|CONFIG|CACHE)_HOME") || Homes.HARNESS_VARIABLES.contains(k));
        env.remove("TMUX_PANE");
    }

    /** Runs the command to its end. */
    static Result run(Path home, Optional<String> tmuxSocket, String... args) throws IOException, InterruptedException {
        return runIn(Path.of("").toAbsolutePath(), home, tmuxSocket, args);
    }

    /** Runs the command to its end in working directory {@code cwd}. */
    static Result runIn(Path cwd, Path home, Optional<String> tmuxSocket, String... args)
            throws IOException, InterruptedException {
        // into a file, not a pipe read to its end first: the deadline must fire even while a command
        // that hangs (or a daemon it started, holding the pipe) keeps its output open
        Path output = Files.createTempFile("gather-cli-", ".out");
        try {
            Process p = builder(cwd, Map.of(), home, tmuxSocket, args)
                    .redirectOutput(output.toFile())
                    .start();
            p.getOutputStream().close();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("gather " + String.join(" ", args) + " did not finish in 60 s:\n"
                        + Files.readString(output, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** The pid of the daemon that answers {@code gather status} for {@code home} (starting one when none runs). */
    static long daemonPid(Path home, Optional<String> tmuxSocket) throws IOException, InterruptedException {
        Result status = run(home, tmuxSocket, "status");
        Matcher m = Pattern.compile("daemon pid (\\d+)").matcher(status.out());
        if (!m.find()) {
            throw new AssertionError("gather status names no daemon pid:\n" + status.out());
        }
        return Long.parseLong(m.group(1));
    }

    /**
     * Ends what a test's daemon process left on its private tmux server and then the daemon: the agents
     * and the holders of their turns first, since a turn end after the stop would bring the daemon back.
     */
    static void stopAgentsAndDaemon(Path home, String tmuxSocket) throws IOException, InterruptedException {
        World.tmux(tmuxSocket, "kill-server");
        // a hook's holder outlives its agent on purpose and brings a stopped daemon back to take its
        // turn: ended before the daemon stops, so none starts another into a home being deleted
        Set<Long> daemon = new HashSet<>();
        DaemonPid.living(new StateDir(home)).ifPresent(daemon::add);
        HomeProcesses.end(home, daemon);
        run(home, Optional.of(tmuxSocket), "daemon", "--stop");
    }
}
