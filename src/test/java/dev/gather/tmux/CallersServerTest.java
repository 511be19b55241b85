package dev.gather.tmux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Beside;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gather called from a pane talks to that pane's tmux server, not the default one, unless
 * GATHER_TMUX_SOCKET names another. Three private servers, all under a private TMUX_TMPDIR so even
 * "the default server" here is the test's own: the caller's ({@code -L a}), another ({@code -L b}) and
 * the default one. The daemon's hidden control session ({@code gather-ctl-…}) shows which server it uses.
 */
@Beside
class CallersServerTest {
    @TempDir
    Path dir;

    private Path tmuxTmp;
    private Path home;

    @AfterEach
    void cleanUp() throws Exception {
        if (tmuxTmp == null) {
            return;
        }
        if (home != null) {
            gather(Map.of(), "daemon", "--stop");
        }
        for (List<String> server : List.of(List.of("-L", "a"), List.of("-L", "b"), List.<String>of())) {
            tmux(server, "kill-server");
        }
    }

    @Test
    void aCommandInAPaneUsesThatPanesServerUntilGatherTmuxSocketSaysOtherwise() throws Exception {
        tmuxTmp = Files.createDirectories(dir.resolve("t"));
        home = Files.createDirectories(dir.resolve("home"));
        assertEquals(0, tmux(List.of(), "new-session", "-d", "-s", "theirs").code());
        assertEquals(
                0, tmux(List.of("-L", "b"), "new-session", "-d", "-s", "other").code());
        assertEquals(
                0, tmux(List.of("-L", "a"), "new-session", "-d", "-s", "caller").code());

        Path out = dir.resolve("status.out");
        runInPane("gather status", out, "");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> Files.exists(out) && read(out).contains("gather-exit="));
        assertTrue(read(out).contains("gather-exit=0"), read(out));
        assertTrue(controlSessionOn(List.of("-L", "a")), "the daemon watches the caller's server");
        assertFalse(controlSessionOn(List.of("-L", "b")), "another server is not touched");
        assertFalse(controlSessionOn(List.of()), "the default server is not touched");

        assertEquals(0, gather(Map.of(), "daemon", "--stop").code());
        await().atMost(Duration.ofSeconds(30)).until(() -> !controlSessionOn(List.of("-L", "a")));
        Path told = dir.resolve("told.out");
        // its pane is not on b: it asks as a process outside tmux would (TMUX_PANE would claim a pane of a)
        runInPane("gather status with GATHER_TMUX_SOCKET=b", told, "GATHER_TMUX_SOCKET=b env -u TMUX_PANE ");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> Files.exists(told) && read(told).contains("gather-exit="));
        assertTrue(read(told).contains("gather-exit=0"), read(told));
        assertTrue(controlSessionOn(List.of("-L", "b")), "GATHER_TMUX_SOCKET names the server");
        assertFalse(controlSessionOn(List.of("-L", "a")), "the caller's server is left alone when told");
        assertFalse(controlSessionOn(List.of()), "the default server is not touched");

        // the daemon keeps its server: a call from a pane of a is told so, not taken for a pane of b
        Path refused = dir.resolve("refused.out");
        runInPane("gather status to a daemon on b", refused, "");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> Files.exists(refused) && read(refused).contains("gather-exit="));
        assertTrue(
                read(refused).contains("it runs in a pane of another tmux server (" + tmuxTmp + "/tmux-"),
                read(refused));
        assertFalse(read(refused).contains("gather-exit=0"), read(refused));
    }

    /** Types a `gather status` into the caller's pane on server a, as a person would; its output goes to {@code out}. */
    private void runInPane(String what, Path out, String envPrefix) throws Exception {
        Path script = dir.resolve(out.getFileName() + ".sh");
        Files.writeString(
                script,
                "#!/bin/sh\n" + envPrefix + java() + " > " + out + ".tmp 2>&1; echo \"gather-exit=$?\" >> " + out
                        + ".tmp; mv " + out + ".tmp " + out + "\n");
        assertTrue(script.toFile().setExecutable(true));
        Result r = tmux(List.of("-L", "a"), "send-keys", "-t", "caller", "-l", script.toString());
        assertEquals(0, r.code(), what + ": " + r.out());
        assertEquals(
                0,
                tmux(List.of("-L", "a"), "send-keys", "-t", "caller", "Enter").code());
    }

    private String java() {
        return String.join(
                " ",
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                "'" + System.getProperty("java.class.path") + "'",
                "dev.gather.cli.Main",
                "status");
    }

    private boolean controlSessionOn(List<String> server) throws Exception {
        Result r = tmux(server, "list-sessions", "-F", "#{session_name}");
        return r.code() == 0 && r.out().lines().anyMatch(ControlSessions::isOne);
    }

    private record Result(int code, String out) {}

    /** tmux on one of the test's servers; a server started here gets the state directory and no GATHER_TMUX_SOCKET. */
    private Result tmux(List<String> server, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux"));
        cmd.addAll(server);
        cmd.addAll(List.of(args));
        return run(cmd, Map.of());
    }

    private Result gather(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main"));
        cmd.addAll(List.of(args));
        return run(cmd, env);
    }

    private Result run(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeAll(List.of("TMUX", "TMUX_PANE", "GATHER_TMUX_SOCKET", "GATHER_PANE"));
        pb.environment().put("TMUX_TMPDIR", tmuxTmp.toString());
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return new Result(p.exitValue(), out);
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file);
    }
}
