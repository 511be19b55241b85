package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import dev.gather.turn.HookEvent;
import dev.gather.turn.Spool;
import dev.gather.turn.TurnOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two daemons as two computers (own state directories, own tmux servers, different names) joined by
 * a real redis-server: a direct link across them carries turns both ways with attribution, and a
 * computer that goes away leaves the link as if its pane died.
 */
@Beside
class RemoteLinkTest extends TwoComputers {
    @Test
    void aDirectLinkAcrossComputersCarriesTurnsBothWaysUntilOneGoesAway() throws Exception {
        Pane ada = alpha.sim("Ada");
        Pane bo = beta.sim("Bo");
        String link = computers.linkAcross(ada, bo, "Hello from alpha");
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
        // its key outlives it by the liveness window, and alpha looks every few seconds: ~15 s, and slack
        await().atMost(Duration.ofSeconds(40))
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
        computers.awaitReachable();
        var args = Ceremonies.minimal(1, 2);
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
    void aMemberSpawnedOnTheOtherComputerTakesPartAndEndsWithTheGathering() throws Exception {
        Files.writeString(alpha.state.root().resolve("agents.yaml"), World.SIM_AGENTS);
        Files.writeString(beta.state.root().resolve("agents.yaml"), World.SIM_AGENTS);
        computers.awaitReachable();
        var args = Ceremonies.minimal(1, 2);
        JsonNode started = Ceremonies.start(alpha, args, "Ada::speaker", "Bo::speaker@beta", "Hal:harvester:harvester");
        String id = started.path("gathering_id").asText();
        String bo = started.path("members").get(1).path("pane").asText();
        assertTrue(bo.startsWith("beta:%"), "Bo runs on beta: " + started);
        String boPane = bo.substring("beta:".length());
        assertTrue(beta.tmux.alive(boPane), "beta spawned Bo in its own tmux");

        await().atMost(Duration.ofSeconds(120))
                .until(() -> !alpha.entries(id, "close").isEmpty());
        assertTrue(
                alpha.entries(id, "relay").stream()
                        .anyMatch(e -> e.path("from").asText().equals("Bo")),
                "Bo, on beta, held the piece and was heard");
        assertEquals(1, alpha.entries(id, "harvest").size(), "the gathering ran to its harvest");
        await().atMost(Duration.ofSeconds(20)).until(() -> !beta.tmux.alive(boPane));
    }

    @Test
    void aMemberOnAComputerNobodyRunsIsRefusedBeforeAnythingStarts() throws Exception {
        Files.writeString(alpha.state.root().resolve("agents.yaml"), World.SIM_AGENTS);
        var args = World.args().put("rhythm", "minimal");
        var ps = args.putArray("participants");
        ps.addObject().put("name", "Ada").put("agent", "speaker");
        ps.addObject().put("name", "Bo").put("agent", "speaker@gamma");
        ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
        JsonNode answer = alpha.call(null, "start_gathering", args);
        assertTrue(
                !answer.path("ok").asBoolean()
                        && answer.path("error").asText().contains("Bo: computer gamma is not reachable"),
                answer.toString());
        assertEquals(
                List.of(),
                alpha.tmux.panes().stream()
                        .filter(p -> p.session().endsWith("-Ada"))
                        .toList(),
                "nothing was spawned");
    }

    @Test
    void aRestartOfTheMembersDaemonAndOfRedisLosesNothing() throws Exception {
        Path log = home.resolve("bo.log");
        Pane ada = alpha.sim("Ada", "--reply-when", "never-matches");
        Pane bo = beta.sim("Bo", "--reply-when", "never-matches", "--busy-ms", "4000", "--log", log.toString());
        computers.awaitReachable();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> beta.daemon.post.profileOf(bo.id()).name().equals("sim"));
        alpha.link(ada, "beta:" + bo.id(), "Bo", "first");
        await().atMost(Duration.ofSeconds(20)).until(() -> SimLog.inputs(log).size() == 1);
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
        try (Daemon again = new Daemon(beta.homes, Tmuxes.connect(TmuxConfig.socket(beta.socket)), Clock.systemUTC())) {
            again.start();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> SimLog.inputs(log).size() >= 2);
            assertEquals(
                    List.of("[Ada] (1):\n\nfirst", "[Ada] (1):\n\nsecond"), SimLog.inputs(log), "once each, in order");

            redis.kill();
            alpha.daemon.relay.onTurnOutput(new TurnOutput(ada.id(), "sim", "while redis was away", Instant.now()));
            redis.start();
            await().atMost(Duration.ofSeconds(40))
                    .until(() -> SimLog.inputs(log).size() >= 3);
            assertEquals(
                    "[Ada] (1):\n\nwhile redis was away", SimLog.inputs(log).get(2));
            await().during(Duration.ofSeconds(2))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> SimLog.inputs(log).size() == 3);
        }
    }

    @Test
    void aTurnTheRemoteMemberFinishedWhileItsDaemonWasDownStillReachesTheLink() throws Exception {
        Pane ada = alpha.sim("Ada", "--reply-when", "never-matches");
        Pane bo = beta.sim("Bo", "--reply-when", "never-matches");
        String link = computers.linkAcross(ada, bo, "first");

        beta.daemon.close(); // its tmux and Bo stay; Bo's turn-end hook drops an event nobody reads yet
        new Spool(beta.state.spool())
                .drop(new HookEvent(
                        "sim", bo.id(), Instant.now(), "{\"last_message\":\"Bo answered while beta was down\"}"));
        try (Daemon again = new Daemon(beta.homes, Tmuxes.connect(TmuxConfig.socket(beta.socket)), Clock.systemUTC())) {
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
        String link = computers.linkAcross(ada, bo, "first");

        alpha.restartDaemon();
        assertTrue(alpha.daemon.resumed.contains(link), "resumed: " + alpha.daemon.resumed);
        new Spool(beta.state.spool())
                .drop(new HookEvent("sim", bo.id(), Instant.now(), "{\"last_message\":\"Bo after alpha's restart\"}"));
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> alpha.screen(ada)
                .contains("Bo after alpha's restart"));
        new Spool(alpha.state.spool())
                .drop(new HookEvent("sim", ada.id(), Instant.now(), "{\"last_message\":\"Ada after the restart\"}"));
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> beta.screen(bo)
                .contains("Ada after the restart"));
        assertEquals(List.of(), alpha.entries(link, "close"), "the link across computers stays open");
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
