package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Beside;
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
 * A {@code config.properties} that is a link to {@code /dev/zero} or a FIFO (issue 35) left the daemon
 * silent: the client that started it says at once, by name, why no daemon runs.
 */
@Beside
class SpecialConfigTest {
    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();

    @AfterEach
    void stopDaemon() throws Exception {
        Cli.start(home, Optional.of(tmuxSocket), "daemon", "--stop").waitFor(30, TimeUnit.SECONDS);
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void aConfigLinkedToDevZeroIsRefusedByNameAtOnce() throws Exception {
        Files.createSymbolicLink(home.resolve("config.properties"), Path.of("/dev/zero"));
        assertRefused("a link to /dev/zero");
    }

    @Test
    void aConfigThatIsAFifoIsRefusedByNameAtOnce() throws Exception {
        Process mkfifo =
                new ProcessBuilder("mkfifo", home.resolve("config.properties").toString()).start();
        assertEquals(0, mkfifo.waitFor());
        assertRefused("a device, FIFO or socket");
    }

    private void assertRefused(String kind) throws Exception {
        Process status = Cli.start(home, Optional.of(tmuxSocket), "status");
        assertTrue(status.waitFor(60, TimeUnit.SECONDS), "gather status ended");
        String said = new String(status.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                + new String(status.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertNotEquals(0, status.exitValue(), said);
        // by name and why, before any daemon is started to fail on it (it said only "see daemon.log")
        assertTrue(
                said.contains("the daemon cannot start: " + home.resolve("config.properties"))
                        && said.contains(kind)
                        && said.contains("not a regular file"),
                said);
        assertFalse(said.contains("starting the daemon"), said);
    }
}
