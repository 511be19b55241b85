package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Slow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person types gather start in a shell of their own (a terminal outside every pane) and ends the
 * gathering from that shell without --operator; a command in another terminal is still refused.
 * script(1) gives each shell a terminal of its own, as a terminal window would.
 */
@Slow
class StarterShellTest {
    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();

    @AfterEach
    void stop() throws Exception {
        Cli.stopAgentsAndDaemon(home, tmuxSocket);
    }

    @Test
    void theShellThatStartedAGatheringEndsItAndAnotherTerminalMayNot() throws Exception {
        String gather = String.join(
                " ",
                List.of(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        "'" + System.getProperty("java.class.path") + "'",
                        "dev.gather.cli.Main"));
        Files.writeString(home.resolve("agents.yaml"), World.SIM_AGENTS + World.TALKER);
        Path session = home.resolve("session.sh");
        Files.writeString(
                session,
                String.join(
                        "\n",
                        "set -u",
                        "g() { " + gather + " \"$@\" 2>&1; }",
                        // talkers: the gathering stands at Ada's turn until it is ended, however slowly the
                        // two ends below start (on one loaded core, quick sims had harvested before them)
                        "id=$(g start minimal -p Ada:speaker:talker -p Bo:speaker:talker -p Hal:harvester:harvester"
                                + " | sed -n 's/^started \\(g-[0-9-]*\\).*/\\1/p')",
                        "echo \"id=$id\"",
                        // another terminal: script gives the command a new one
                        "script -qec \"" + gather + " end --now $id\" /dev/null > other.out 2>&1;"
                                + " echo \"other=$?\"",
                        "g end --now \"$id\"; echo \"same=$?\"",
                        ""));
        ProcessBuilder pb = new ProcessBuilder("script", "-qec", "sh " + session, "/dev/null")
                .directory(home.toFile())
                .redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().put("GATHER_TMUX_SOCKET", tmuxSocket);
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("TMUX");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replace("\r", "");
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        String other = Files.readString(home.resolve("other.out")).replace("\r", "");
        assertTrue(out.contains("id=g-"), out);
        assertTrue(out.contains("other=1") || out.contains("other=2"), out + "\n" + other);
        assertTrue(other.contains("another terminal than the starter's"), other);
        assertTrue(out.contains("same=0"), out);
        assertTrue(out.contains("ended g-"), out);
        assertEquals(0, p.exitValue(), out);
    }
}
