package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Beside;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A daemon killed outright leaves no tmux behind: its control session, and a server kept up by it, end. */
@Beside
class ControlSessionLifetimeTest {
    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();

    @AfterEach
    void cleanUp() {
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void aKilledDaemonsControlSessionAndTheServerItStartedEnd() throws Exception {
        Cli.Result status = Cli.run(home, Optional.of(tmuxSocket), "status");
        assertEquals(0, status.code(), status.out());
        Matcher m = Pattern.compile("daemon pid (\\d+)").matcher(status.out());
        assertTrue(m.find(), status.out());
        assertTrue(serverRunning(), "the daemon's control client started the private tmux server");

        ProcessHandle daemon = ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow();
        daemon.destroyForcibly();
        daemon.onExit().get(30, TimeUnit.SECONDS);
        await().atMost(Duration.ofSeconds(30)).until(() -> !serverRunning());
    }

    private boolean serverRunning() throws Exception {
        Process p = new ProcessBuilder("tmux", "-L", tmuxSocket, "list-sessions")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        return p.exitValue() == 0;
    }
}
