package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.tmux.Pane;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import dev.gather.transport.LocalRedis;
import dev.gather.turn.TurnOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
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

    LocalRedis redis;
    World alpha;
    World beta;

    @BeforeEach
    void start() throws Exception {
        redis = new LocalRedis(Files.createDirectories(home.resolve("redis")));
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
        String link = linkAcross(ada, bo, "Hello from alpha");

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
    void aGatheringHasMembersOnBothComputers() throws Exception {
        Files.writeString(alpha.state.root().resolve("agents.yaml"), World.SIM_AGENTS);
        Pane bo = beta.sim("Bo", "--pass-after", "1", "--reply-when", "(now with Bo |\\[Beat|Your turn is up)");
        await().atMost(Duration.ofSeconds(10)).until(() -> alpha.daemon.remote.reachable("beta"));
        var args =
                World.args().put("rhythm", "minimal").put("beats_per_turn", 1).put("beat_interval_seconds", 2);
        var ps = args.putArray("participants");
        ps.addObject().put("name", "Ada").put("agent", "speaker");
        ps.addObject().put("name", "Bo").put("pane", "beta:" + bo.id());
        ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
        JsonNode started = alpha.call(null, "start_gathering", args);
        assertTrue(started.path("ok").asBoolean(), started.toString());
        String id = started.path("gathering_id").asText();

        await().atMost(Duration.ofSeconds(120))
                .until(() -> !alpha.entries(id, "close").isEmpty());
        List<String> speakers = alpha.entries(id, "relay").stream()
                .map(e -> e.path("from").asText())
                .distinct()
                .toList();
        assertTrue(speakers.containsAll(List.of("Ada", "Bo")), "both computers held the piece: " + speakers);
        assertEquals(1, alpha.entries(id, "harvest").size(), "the gathering ran to its harvest");
        assertTrue(beta.screen(bo).contains("[Ada] (1):"), "Bo on beta heard Ada");
    }

    @Test
    void aRestartOfTheMembersDaemonAndOfRedisLosesNothing() throws Exception {
        Path log = home.resolve("bo.log");
        Pane ada = alpha.sim("Ada", "--reply-when", "never-matches");
        Pane bo = beta.sim("Bo", "--reply-when", "never-matches", "--busy-ms", "4000", "--log", log.toString());
        await().atMost(Duration.ofSeconds(10)).until(() -> alpha.daemon.remote.reachable("beta"));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> beta.daemon.post.profileOf(bo.id()).name().equals("sim"));
        linkAcross(ada, bo, "first");
        await().atMost(Duration.ofSeconds(20)).until(() -> logged(log).size() == 1);
        // Bo is busy for a while: the next message waits in beta's queue
        alpha.daemon.relay.onTurnOutput(new TurnOutput(ada.id(), "sim", "second", Instant.now()));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> beta.daemon
                                .post
                                .status(bo.id())
                                .map(s -> s.queued().size())
                                .orElse(0)
                        == 1);

        beta.daemon.close(); // beta's daemon stops with "second" queued; its tmux and Bo stay
        try (Daemon again = new Daemon(beta.state, Tmuxes.connect(TmuxConfig.socket(beta.socket)), Clock.systemUTC())) {
            again.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> logged(log).size() >= 2);
            assertEquals(List.of("[Ada] (1):\n\nfirst", "[Ada] (1):\n\nsecond"), logged(log), "once each, in order");

            redis.kill();
            alpha.daemon.relay.onTurnOutput(new TurnOutput(ada.id(), "sim", "while redis was away", Instant.now()));
            redis.start();
            await().atMost(Duration.ofSeconds(40)).until(() -> logged(log).size() >= 3);
            assertEquals("[Ada] (1):\n\nwhile redis was away", logged(log).get(2));
            await().during(Duration.ofSeconds(2))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> logged(log).size() == 3);
        }
    }

    @Test
    void aTurnTheRemoteMemberFinishedWhileItsDaemonWasDownStillReachesTheLink() throws Exception {
        Pane ada = alpha.sim("Ada", "--reply-when", "never-matches");
        Pane bo = beta.sim("Bo", "--reply-when", "never-matches");
        await().atMost(Duration.ofSeconds(10)).until(() -> alpha.daemon.remote.reachable("beta"));
        String link = linkAcross(ada, bo, "first");
        // the control client may drop and reconnect under load; a screen read then simply retries
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> beta.screen(bo)
                .contains("first"));

        beta.daemon.close(); // its tmux and Bo stay; Bo's turn-end hook drops an event nobody reads yet
        new dev.gather.turn.Spool(beta.state.spool())
                .drop(new dev.gather.turn.HookEvent(
                        "sim", bo.id(), Instant.now(), "{\"last_message\":\"Bo answered while beta was down\"}"));
        try (Daemon again = new Daemon(beta.state, Tmuxes.connect(TmuxConfig.socket(beta.socket)), Clock.systemUTC())) {
            again.start();
            // the restarted daemon must still know that Bo's pane reports to alpha's link
            await().atMost(Duration.ofSeconds(30)).until(() -> alpha.entries(link, "relay").stream()
                    .anyMatch(e -> e.path("from").asText().equals("Bo")
                            && e.path("text").asText().equals("Bo answered while beta was down")));
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> alpha.screen(ada)
                    .contains("Bo answered while beta was down"));
        }
    }

    @Test
    void theOwnersRestartResumesItsLinkAndReadoptsTheMemberOnTheOtherComputer() throws Exception {
        Pane ada = alpha.sim("Ada", "--reply-when", "never-matches");
        Pane bo = beta.sim("Bo", "--reply-when", "never-matches");
        await().atMost(Duration.ofSeconds(10)).until(() -> alpha.daemon.remote.reachable("beta"));
        String link = linkAcross(ada, bo, "first");
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> beta.screen(bo)
                .contains("first"));

        alpha.restartDaemon();
        assertTrue(alpha.daemon.resumed.contains(link), "resumed: " + alpha.daemon.resumed);
        new dev.gather.turn.Spool(beta.state.spool())
                .drop(new dev.gather.turn.HookEvent(
                        "sim", bo.id(), Instant.now(), "{\"last_message\":\"Bo after alpha's restart\"}"));
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> alpha.screen(ada)
                .contains("Bo after alpha's restart"));
        new dev.gather.turn.Spool(alpha.state.spool())
                .drop(new dev.gather.turn.HookEvent(
                        "sim", ada.id(), Instant.now(), "{\"last_message\":\"Ada after the restart\"}"));
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> beta.screen(bo)
                .contains("Ada after the restart"));
        assertEquals(List.of(), alpha.entries(link, "close"), "the link across computers stays open");
    }

    /** Ada on alpha links with Bo on beta, saying {@code message}; returns the link's id. */
    private String linkAcross(Pane ada, Pane bo, String message) throws Exception {
        JsonNode answer = alpha.call(
                ada,
                "send",
                World.args()
                        .put("to", "beta:" + bo.id())
                        .put("to_name", "Bo")
                        .put("message", message)
                        .put("direct", true));
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        return answer.path("link").path("id").asText();
    }

    private static List<String> logged(Path log) throws java.io.IOException {
        if (!Files.exists(log)) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            out.add(World.JSON.readTree(line).asText());
        }
        return out;
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
