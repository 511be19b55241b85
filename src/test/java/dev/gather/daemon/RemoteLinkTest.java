package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.Pane;
import dev.gather.transport.RedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two daemons as two computers (own state directories, own tmux servers, different names) joined by
 * a real redis-server: a direct link across them carries turns both ways with attribution, and a
 * computer that goes away leaves the link as if its pane died.
 */
class RemoteLinkTest {
    @TempDir
    Path home;

    RedisServer redis;
    World alpha;
    World beta;

    @BeforeEach
    void start() throws Exception {
        redis = new RedisServer(Files.createDirectories(home.resolve("redis")));
        alpha = world("alpha");
        beta = world("beta");
    }

    @AfterEach
    void stop() throws Exception {
        if (alpha != null) {
            alpha.close();
        }
        if (beta != null) {
            beta.close();
        }
        redis.close();
    }

    private World world(String computer) throws Exception {
        Path state = Files.createDirectories(home.resolve(computer));
        Files.writeString(
                state.resolve("config.properties"), "computer=" + computer + "\nredis.url=" + redis.url() + "\n");
        return new World(state);
    }

    @Test
    void aDirectLinkAcrossComputersCarriesTurnsBothWaysUntilOneGoesAway() throws Exception {
        Pane ada = alpha.sim("Ada");
        Pane bo = beta.sim("Bo");
        await().atMost(Duration.ofSeconds(10)).until(() -> alpha.daemon.remote.reachable("beta"));
        JsonNode answer = alpha.call(
                ada,
                "send",
                World.args()
                        .put("to", "beta:" + bo.id())
                        .put("to_name", "Bo")
                        .put("message", "Hello from alpha")
                        .put("direct", true));
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        String link = answer.path("link").path("id").asText();

        await().atMost(Duration.ofSeconds(20)).until(() -> beta.screen(bo).contains("Hello from alpha"));
        assertTrue(beta.screen(bo).contains("[Ada] (1):"), "attributed as locally");
        await().atMost(Duration.ofSeconds(30)).until(() -> alpha.screen(ada).contains("[Bo] (2):"));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> alpha.entries(link, "relay").size() >= 4);
        List<JsonNode> relays = alpha.entries(link, "relay");
        for (int i = 0; i < 4; i++) {
            assertEquals(i % 2 == 0 ? "Ada" : "Bo", relays.get(i).path("from").asText(), "turns alternate: " + relays);
        }
        assertTrue(
                alpha.entries(link, "delivery").stream()
                        .anyMatch(e -> e.path("state").asText().equals("confirmed")
                                && e.path("text").asText().endsWith("on beta")),
                "the owner's journal shows the remote member's delivery steps");

        // beta's daemon vanishes (its pane stays): only its liveness key tells alpha
        beta.daemon.transport.close();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> !alpha.entries(link, "left").isEmpty());
        assertTrue(
                alpha.entries(link, "left").get(0).path("text").asText().contains("computer beta went away"),
                alpha.entries(link, "left").toString());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> !alpha.entries(link, "close").isEmpty());
    }

    @Test
    void aComputerNobodyRunsIsRefusedClearly() throws Exception {
        Pane ada = alpha.sim("Ada", "--reply-when", "never");
        JsonNode answer = alpha.call(
                ada,
                "send",
                World.args().put("to", "gamma:%1").put("message", "hi").put("direct", true));
        assertEquals(false, answer.path("ok").asBoolean(), answer.toString());
        assertTrue(answer.path("error").asText().contains("computer gamma is not reachable"), answer.toString());
    }
}
