package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without a Redis URL a daemon stays local: not one Redis class is loaded. */
class LocalOnlyTest {
    @TempDir
    Path home;

    @Test
    void aDaemonWithoutARedisUrlNeverLoadsTheRedisClient() throws Exception {
        String socket = "gather-test-" + UUID.randomUUID();
        Path classes = home.resolve("classes.log");
        ProcessBuilder pb = new ProcessBuilder(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-XX:TieredStopAtLevel=1",
                        "-verbose:class",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.gather.cli.Main",
                        "daemon")
                .redirectErrorStream(true)
                .redirectOutput(classes.toFile());
        pb.environment().put("GATHER_HOME", home.resolve("state").toString());
        pb.environment().put("GATHER_TMUX_SOCKET", socket);
        pb.environment().remove("GATHER_REDIS_URL");
        pb.environment().remove("TMUX_PANE");
        Process daemon = pb.start();
        try {
            DaemonClient client = new DaemonClient(new StateDir(home.resolve("state")), Optional.empty());
            await().atMost(Duration.ofSeconds(30)).until(client::running);
            assertTrue(client.call(client.request("status")).path("ok").asBoolean());
            try {
                client.call(client.request("shutdown"));
            } catch (IOException stoppedFirst) {
                // it may stop before answering
            }
            assertTrue(daemon.waitFor(20, TimeUnit.SECONDS), "the daemon stopped");
        } finally {
            daemon.destroyForcibly();
            World.tmux(socket, "kill-server");
        }
        String loaded = Files.readString(classes, StandardCharsets.UTF_8);
        assertTrue(loaded.contains("dev.gather.transport.Transports"), "the class log is the daemon's");
        assertFalse(loaded.contains("redis.clients."), "no Redis client class was loaded");
        assertFalse(loaded.contains("dev.gather.transport.RedisTransport"), "nor gather's Redis transport");
    }
}
