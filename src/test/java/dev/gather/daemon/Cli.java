package dev.gather.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs `gather <args>` as its own process on a private state directory (and tmux server), as a user would. */
final class Cli {
    private Cli() {}

    /** What a finished command printed (stdout and stderr) and its exit code. */
    record Result(int code, String out) {}

    /** Starts the command; the caller reads its output. */
    static Process start(Path home, Optional<String> tmuxSocket, String... args) throws IOException {
        return startIn(Path.of("").toAbsolutePath(), home, tmuxSocket, args);
    }

    /** Starts the command in working directory {@code cwd}. */
    static Process startIn(Path cwd, Path home, Optional<String> tmuxSocket, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(cwd.toFile());
        pb.environment().put("GATHER_HOME", home.toString());
        tmuxSocket.ifPresent(s -> pb.environment().put("GATHER_TMUX_SOCKET", s));
        pb.environment().remove("TMUX_PANE");
        Process p = pb.start();
        p.getOutputStream().close();
        return p;
    }

    /** Runs the command to its end. */
    static Result run(Path home, Optional<String> tmuxSocket, String... args) throws IOException, InterruptedException {
        Process p = start(home, tmuxSocket, args);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("gather " + String.join(" ", args) + " did not finish in 60 s:\n" + out);
        }
        return new Result(p.exitValue(), out);
    }
}
