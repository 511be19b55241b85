package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.home.Trees;
import dev.gather.testing.Slow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon whose state folder was removed under it (a script's temporary home deleted before the
 * daemon was stopped) ends by itself: nobody could reach it again, and it would live on unseen.
 */
@Slow
class HomeGoneTest {
    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();
    private Optional<ProcessHandle> daemon = Optional.empty();

    @AfterEach
    void cleanUp() throws Exception {
        daemon.filter(ProcessHandle::isAlive).ifPresent(ProcessHandle::destroyForcibly);
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void aDaemonWhoseHomeWasRemovedEndsByItself() throws Exception {
        Process status = Cli.start(home, Optional.of(tmuxSocket), "status");
        String out = new String(status.getInputStream().readAllBytes());
        assertTrue(status.waitFor(90, TimeUnit.SECONDS), out);
        assertEquals(0, status.exitValue(), out);
        long pid = DaemonPid.living(new StateDir(home)).orElseThrow();
        daemon = ProcessHandle.of(pid);
        assertTrue(daemon.isPresent() && daemon.get().isAlive(), "a daemon serves " + home);

        // as a script's clean-up does; the daemon may still be writing (its log), so until it is gone
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            Trees.delete(home);
            return !Files.exists(home);
        });

        // it looks for its socket every few seconds; a loaded machine gets ample room
        daemon.get().onExit().get(60, TimeUnit.SECONDS);
    }
}
