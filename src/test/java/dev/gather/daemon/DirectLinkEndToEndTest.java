package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.link.Link;
import dev.gather.relay.Replies;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.TurnOutput;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Simulated agents in real tmux, linked by the daemon: the core relay, end to end. */
@Beside
class DirectLinkEndToEndTest {
    private static final String SILENT = "never-matches-anything";

    @RegisterExtension
    final Worlds worlds = Worlds.bare();

    Path home;
    World world;

    @Test
    void twoAgentsExchangeTwentyTurnsWithAttributionAndNoEcho() throws Exception {
        Pane ada = world.sim("Ada");
        Pane bo = world.sim("Bo");
        String link = world.link(ada, "Bo", "Hello Bo");

        await().atMost(Duration.ofSeconds(90))
                .until(() -> world.entries(link, "relay").size() >= 21);
        List<JsonNode> relays = world.entries(link, "relay").subList(0, 21);
        for (int i = 0; i < relays.size(); i++) {
            String from = i % 2 == 0 ? "Ada" : "Bo";
            String to = i % 2 == 0 ? "Bo" : "Ada";
            assertEquals(from, relays.get(i).path("from").asText(), "turn " + i);
            assertEquals(List.of(to), names(relays.get(i).path("to")), "turn " + i);
        }
        assertTrue(
                relays.get(1).path("text").asText().startsWith("Bo heard \"Hello Bo\""),
                relays.get(1).toString());
        String boScreen = world.screen(bo);
        String adaScreen = world.screen(ada);
        assertTrue(boScreen.contains("[Ada] (1):"), () -> "Bo's pane shows Ada's words attributed:\n" + boScreen);
        assertTrue(adaScreen.contains("[Bo] (2):"), () -> "Ada's pane shows Bo's words attributed:\n" + adaScreen);
        assertFalse(adaScreen.contains("[Ada] (1):"), "Ada never gets her own words back");
        assertFalse(boScreen.contains("[Bo] (2):"), "Bo never gets his own words back");
    }

    @Test
    void theTurnBudgetClosesTheLinkWithANoticeToBothSides() throws Exception {
        Pane ada = world.sim("Ada");
        Pane bo = world.sim("Bo");
        String link = world.link(ada, bo.id(), "go");
        await().atMost(Duration.ofSeconds(120))
                .until(() -> !world.entries(link, "close").isEmpty());
        assertEquals(
                40, world.entries(link, "relay").size() - 1, "the handshake message plus the direct rhythm's 40 turns");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> world.screen(ada).contains("is now closed")
                        && world.screen(bo).contains("is now closed"));
        assertTrue(world.daemon.links.all().isEmpty());
    }

    @Test
    void closeByEitherSideStopsRelayBothWays() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);
        String link = linkQuietly(ada);
        JsonNode closed = world.call(bo, "send", World.args().put("close_link", true));
        assertEquals(link, closed.path("closed").asText(), closed.toString());
        world.daemon.relay.onTurnOutput(new TurnOutput(ada.id(), "sim", "anyone there?", Instant.now()));
        world.daemon.relay.onTurnOutput(new TurnOutput(bo.id(), "sim", "hello?", Instant.now()));
        assertEquals(1, world.entries(link, "relay").size(), "nothing relayed after the close");
        assertFalse(world.screen(bo).contains("anyone there?"));
        assertFalse(world.screen(ada).contains("hello?"));
        await().atMost(Duration.ofSeconds(20)).until(() -> world.screen(ada).contains("was closed (closed by Bo)"));
    }

    @Test
    void threeMemberFanOutExcludesTheSender() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);
        Pane cy = world.sim("Cy", "--reply-when", SILENT);
        Link link = world.linkInPanes("test", ada, bo, cy);
        world.daemon.relay.onTurnOutput(new TurnOutput(bo.id(), "sim", "three-way hello", Instant.now()));
        JsonNode relay = world.entries(link.id(), "relay").get(0);
        assertEquals(List.of("Ada", "Cy"), names(relay.path("to")));
        await().atMost(Duration.ofSeconds(20))
                .until(() -> world.screen(ada).contains("three-way hello")
                        && world.screen(cy).contains("three-way hello"));
        assertFalse(world.screen(bo).contains("[Bo] (2):"));
    }

    @Test
    void aKilledPaneLeavesTheLinkAndIsNeverTypedInto() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);
        String link = linkQuietly(ada);
        world.tmux.kill(bo.id());
        await().atMost(Duration.ofSeconds(20))
                .until(() -> world.daemon.links.byPane(bo.id()).isEmpty());
        assertTrue(world.daemon.links.byPane(ada.id()).isEmpty(), "a link of one closes");
        world.daemon.relay.onTurnOutput(new TurnOutput(ada.id(), "sim", "still there?", Instant.now()));
        assertEquals(1, world.entries(link, "relay").size());
        assertTrue(world.entries(link, "delivery_failed").isEmpty());
        // journalled on tmux's thread just after the link lets the pane go
        await().atMost(Duration.ofSeconds(20))
                .until(() -> world.entries(link, "left").size() == 1);
    }

    @Test
    void aOneShotSendWithoutReplyRelaysNothingBack() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo");
        JsonNode answer = world.tell(ada, "Bo", "just so you know");
        // the op answers within a second: a loaded machine's first typing into a pane can take longer
        assertTrue(
                List.of("delivered", "queued")
                        .contains(answer.path("delivered").get(0).path("state").asText()),
                answer.toString());
        await().atMost(Duration.ofSeconds(20)).until(() -> world.screen(bo).contains("Bo heard \"just so you know\""));
        // Bo's turn end is heard (it confirms the one-shot), and a while later nothing came back to Ada
        await().atMost(Duration.ofSeconds(20)).until(() -> world.entries(Replies.JOURNAL, "delivery").stream()
                .anyMatch(d -> d.path("state").asText().equals("confirmed")));
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> !world.screen(ada)
                .contains("[Bo]"));
        assertTrue(world.daemon.links.all().isEmpty());
    }

    @Test
    void aProgramWithoutHooksIsHeardFromItsScreenWithoutItsEcho() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Path lines = home.resolve("lines.txt");
        Pane echo = world.tmux.spawn(new SpawnSpec(
                "Echo",
                List.of(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.gather.tmux.LineEcho",
                        lines.toString()),
                Map.of(),
                home,
                160,
                40));
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(echo).contains(">"));
        JsonNode answer = world.call(
                ada,
                "send",
                World.args()
                        .put("to", "Echo")
                        .put("message", "count me")
                        .put("direct", true)
                        .put("screen", true));
        String link = answer.path("link").path("id").asText();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.entries(link, "relay").size() >= 2);
        JsonNode fromScreen = world.entries(link, "relay").get(1);
        assertEquals("Echo", fromScreen.path("from").asText());
        assertTrue(fromScreen.path("text").asText().contains("chars"), fromScreen.toString());
        assertFalse(
                fromScreen.path("text").asText().contains("count me"),
                "gather's own typing is not the member speaking");
        await().atMost(Duration.ofSeconds(20)).until(() -> world.screen(ada).contains("[Echo] (2):"));
    }

    @Test
    void aCallerMustBeALivePaneOfTheServer() throws Exception {
        JsonNode answer = world.call(
                new Pane("%9999", "x", 1, "", false),
                "send",
                World.args().put("to", "%1").put("message", "x").put("direct", true));
        assertFalse(answer.path("ok").asBoolean());
        assertTrue(answer.path("error").asText().contains("not a live pane"), answer.toString());
    }

    /** Ada links to Bo with "hi"; neither answers, so the test decides what happens next. */
    private String linkQuietly(Pane ada) throws Exception {
        JsonNode answer = world.call(
                ada, "send", World.args().put("to", "Bo").put("message", "hi").put("direct", true));
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        return answer.path("link").path("id").asText();
    }

    private static List<String> names(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }
}
