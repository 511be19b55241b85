package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonPid;
import dev.gather.home.RotatingLog;
import dev.gather.home.StateDir;
import dev.gather.testing.Slow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user reads after a daemon died: its log, still there once the next daemon started, and a
 * word when a command starts a daemon the user stopped on purpose.
 */
@Slow
class DaemonLogTest {
    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();

    @AfterEach
    void stopDaemon() throws Exception {
        Cli.start(home, Optional.of(tmuxSocket), "daemon", "--stop").waitFor(30, TimeUnit.SECONDS);
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void aKilledDaemonsLogIsStillReadableAfterTheNextOneStarted() throws Exception {
        StateDir state = new StateDir(home);
        assertEquals(0, run("status").code());
        long first = DaemonPid.living(state).orElseThrow();
        kill(first);

        Cli.Result again = run("status");
        assertEquals(0, again.code(), again.out());
        long second = DaemonPid.living(state).orElseThrow();
        assertTrue(second != first, "a new daemon answered");
        String kept = Files.readString(RotatingLog.numbered(state.log(), 1), StandardCharsets.UTF_8);
        assertTrue(kept.contains("daemon " + first + " serving"), "the killed daemon's log is kept:\n" + kept);
        String current = Files.readString(state.log(), StandardCharsets.UTF_8);
        assertTrue(current.contains("daemon " + second + " serving"), current);
        assertFalse(current.contains("daemon " + first + " "), "the new log is the new daemon's own:\n" + current);
    }

    @Test
    void aCommandThatStartsADaemonTheUserStoppedSaysSo() throws Exception {
        assertEquals(0, run("status").code());
        assertEquals(0, run("daemon", "--stop").code());

        Cli.Result status = run("status");
        assertEquals(0, status.code(), status.out());
        assertTrue(status.out().contains("the daemon was stopped (gather daemon --stop"), status.out());
        // said once: a daemon that dies later (a crash, not a stop) is started again without it
        kill(DaemonPid.living(new StateDir(home)).orElseThrow());
        Cli.Result fresh = run("status");
        assertEquals(0, fresh.code(), fresh.out());
        assertFalse(fresh.out().contains("was stopped"), fresh.out());
    }

    private static void kill(long pid) throws Exception {
        ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();
        daemon.destroyForcibly();
        daemon.onExit().get(10, TimeUnit.SECONDS);
    }

    private Cli.Result run(String... args) throws Exception {
        Process p = Cli.start(home, Optional.of(tmuxSocket), args);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "gather " + String.join(" ", args) + " ended: " + out);
        return new Cli.Result(p.exitValue(), out);
    }
}
