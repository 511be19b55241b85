package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Beside;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A gathering member whose harness never becomes ready is reported and skipped, never silently dropped. */
@Beside
class UnreachableMemberTest {
    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(
                    """
                    agents:
                      speaker: ["{gather}", sim, --name, "{name}", --think-ms, "30", --pass-after, "1", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
                      sleeper: ["{gather}", sim, --name, "{name}", --ready-after-ms, "600000"]
                    """)
            // the user's own profile for the sleeper's harness: it must show its prompt within 3 s
            .preparing(
                    home -> Files.writeString(
                            Files.createDirectories(home.resolve("profiles")).resolve("sleeper.yaml"),
                            """
                    profile: sleeper
                    typing: {enter_gap: 30ms}
                    input_box: {line: '^> ?(?<text>.*)$'}
                    ready: {quiet: 200ms, timeout: 3s}
                    turns: {signal: hook}
                    """));

    World world;

    @Test
    void aMemberNeverReadyLeavesTheGatheringVisiblyAndTheOthersGoOn() throws Exception {
        JsonNode started =
                Ceremonies.start(world, Ceremonies.minimal(1, 1), "Zed::sleeper", "Ada::speaker", "Bo::speaker");
        String id = started.path("gathering_id").asText();

        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.entries(id, "left").size() == 1);
        JsonNode left = world.entries(id, "left").get(0);
        assertEquals("Zed", left.path("from").asText());
        assertTrue(left.path("text").asText().contains("never became ready"), left.toString());
        assertTrue(
                world.entries(id, "delivery").stream()
                        .filter(e -> e.path("to").asText().equals("Zed"))
                        .allMatch(e -> e.path("state").asText().equals("failed")
                                && e.path("text").asText().contains("not ready within 3 s")),
                "everything meant for Zed failed with the reason");

        // the others carry on: Ada and Bo each get the piece, Zed never does
        await().atMost(Duration.ofSeconds(60))
                .until(() -> turns(id).contains("Ada") && turns(id).contains("Bo"));
        boolean gone = false;
        for (JsonNode e : world.journal(id)) {
            gone |= e.path("kind").asText().equals("left");
            boolean turnToZed = e.path("prompt").asText().equals("turn")
                    && e.path("text").asText().startsWith("The piece is now with Zed ");
            assertFalse(gone && turnToZed, () -> "once it left, the piece skips Zed: " + turns(id) + seen(id));
        }
        JsonNode status = world.call(null, "gathering_status", World.args().put("gathering", id));
        assertFalse(status.path("members").toString().contains("\"Zed\""), status.toString());
    }

    @Test
    void aMemberKnownNeverReadyAtTheStartLeavesAfterTheStartIsJournalled() throws Exception {
        // Zed's harness never became ready in one gathering, ended with its agents kept: its pane is
        // known unreachable
        JsonNode first = Ceremonies.start(
                world, Ceremonies.minimal(1, 1).put("keep", true), "Zed::sleeper", "Ada::speaker", "Bo::speaker");
        String firstId = first.path("gathering_id").asText();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.entries(firstId, "left").size() == 1);
        JsonNode ended = world.call(
                null,
                "end_gathering",
                World.args().put("gathering", firstId).put("now", true).put("operator", true));
        assertTrue(ended.path("ok").asBoolean(), ended.toString());
        String zedPane = Ceremonies.pane(first, "Zed").id();

        // a second gathering given that pane: Zed leaves it at once, and with one speaker left it closes
        ObjectNode args = Ceremonies.minimal(1, 1);
        args.putArray("participants")
                .add(World.args().put("name", "Zed").put("pane", zedPane).put("role", "speaker"))
                .add(World.args().put("name", "Cy").put("role", "speaker").put("agent", "speaker"));
        String id = Ceremonies.start(world, args).path("gathering_id").asText();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> !world.entries(id, "left").isEmpty()
                        && !world.entries(id, "close").isEmpty());
        List<JsonNode> journal = world.journal(id);
        assertEquals(
                "start", journal.get(0).path("kind").asText(), () -> "the journal begins with its start:" + seen(id));
        assertTrue(world.entries(id, "left").get(0).path("text").asText().contains("never became ready"), seen(id));
    }

    /** What the journal said, one line an entry, for a failure to show. */
    private String seen(String id) {
        StringBuilder out = new StringBuilder("\njournal:");
        for (JsonNode e : world.journal(id)) {
            out.append("\n  ")
                    .append(e.path("time").asText())
                    .append(' ')
                    .append(e.path("kind").asText())
                    .append(' ')
                    .append(e.path("prompt").asText())
                    .append(' ')
                    .append(e.path("to").asText(e.path("from").asText()))
                    .append(": ")
                    .append(e.path("text").asText().lines().findFirst().orElse(""));
        }
        return out.toString();
    }

    private List<String> turns(String id) {
        return world.entries(id, "announce").stream()
                .filter(e -> e.path("prompt").asText().equals("turn"))
                .map(e -> e.path("text").asText())
                .map(t -> t.substring("The piece is now with ".length(), t.indexOf(" (")))
                .toList();
    }
}
