package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.testing.LiveRhythm;
import dev.gather.testing.Slow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gatherings of sims that, like real harnesses, answer every message they are given (each answer a
 * model call), in real tmux, their inputs logged. Digest: a speaker is given one message per own
 * turn with every word said since its last, the harvester one with the harvest prompt. Live: an
 * answer to an earlier relay that ends after the piece arrived is never relayed as the holder's.
 */
@Slow
class HearingEndToEndTest {
    /** Speakers think a while, so answers to what they heard overlap the piece reaching them. */
    private static final String EAGER =
            """
            agents:
              eager: ["{gather}", sim, --name, "{name}", --think-ms, "300", --pass-after, "1", --log, "{name}.log"]
              harvester: ["{gather}", sim, --name, "{name}", --think-ms, "30", --log, "{name}.log"]
            """;

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(EAGER).preparing(home -> {
        LiveRhythm.write(home, "minimal");
    });

    Path home;
    World world;

    private String gather(String rhythm) throws Exception {
        ObjectNode args = World.args().put("rhythm", rhythm);
        var ps = args.putArray("participants");
        for (String n : List.of("Ada", "Bo", "Cy")) {
            ps.addObject().put("name", n).put("agent", "eager");
        }
        ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
        JsonNode started = world.call(null, "start_gathering", args);
        assertTrue(started.path("ok").asBoolean(), started.toString());
        String id = started.path("gathering_id").asText();
        await().atMost(Duration.ofSeconds(180))
                .until(() -> !world.entries(id, "close").isEmpty());
        assertEquals(
                "harvest complete",
                world.entries(id, "close").get(0).path("text").asText(),
                () -> String.join(
                        "\n", world.journal(id).stream().map(JsonNode::toString).toList()));
        return id;
    }

    private static String flat(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }

    /** Relayed words as they are typed: attributed (a line that looks like an attribution is quoted). */
    private static String typed(JsonNode relay) {
        Member from = new Member(
                relay.path("from").asText(), relay.path("from_number").asInt(), Role.SPEAKER, Optional.empty());
        return Attribution.of(from, relay.path("text").asText());
    }

    /** The texts journalled as typed into {@code name}'s pane, in order. */
    private static List<JsonNode> typedTo(List<JsonNode> journal, String name) {
        return journal.stream().filter(e -> e.path("panes").has(name)).toList();
    }

    @Test
    void inDigestEachSpeakerIsGivenOneMessagePerOwnTurnWithEveryWordSinceItsLast() throws Exception {
        String id = gather("minimal");
        List<JsonNode> journal = world.journal(id);
        List<JsonNode> relays = journal.stream()
                .filter(e -> e.path("kind").asText().equals("relay"))
                .toList();
        assertEquals(9, relays.size(), "3 phases x 1 round x 3 speakers, no filler relayed");
        for (String name : List.of("Ada", "Bo", "Cy")) {
            List<JsonNode> typed = typedTo(journal, name);
            long turns = typed.stream()
                    .filter(e -> e.path("prompt").asText().equals("turn"))
                    .count();
            long beats = typed.stream()
                    .filter(e -> e.path("prompt").asText().contains("beat"))
                    .count();
            assertEquals(3, turns);
            assertTrue(typed.stream().allMatch(e -> e.path("kind").asText().equals("private")), typed.toString());
            assertEquals(1 + turns + beats, typed.size(), name + " was given " + typed);
            // what its model was given: exactly these, once each, in order
            Path log = home.resolve(name + ".log");
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> SimLog.inputs(log).size() >= typed.size());
            assertEquals(
                    typed.stream().map(e -> flat(e.path("text").asText())).toList(),
                    SimLog.inputs(log).stream().map(HearingEndToEndTest::flat).toList());
            // each turn's message carries every word said since the member's last message
            int last = -1;
            for (JsonNode e : typed) {
                int at = journal.indexOf(e);
                if (e.path("prompt").asText().equals("turn")) {
                    for (JsonNode r : relays) {
                        int i = journal.indexOf(r);
                        if (i > last && i < at && !r.path("from").asText().equals(name)) {
                            assertTrue(
                                    e.path("text").asText().contains(typed(r)),
                                    name + "'s turn lacks " + r + ":\n" + e);
                        }
                    }
                }
                last = at;
            }
        }
        List<JsonNode> hal = typedTo(journal, "Hal");
        assertEquals(
                List.of("seed", "harvest"),
                hal.stream().map(e -> e.path("prompt").asText()).toList(),
                "the harvester's model is called for the harvest once");
        relays.forEach(r -> assertTrue(hal.get(1).path("text").asText().contains(typed(r)), r::toString));
        // every word is in the journal as it is said, for watch, events and the web view
        relays.forEach(r -> assertEquals(3, r.path("held").size(), r::toString));
    }

    @Test
    void liveAnAnswerToAnEarlierRelayIsNeverRelayedAsTheHoldersWords() throws Exception {
        String id = gather("minimal-live");
        List<JsonNode> journal = world.journal(id);
        List<JsonNode> relays = journal.stream()
                .filter(e -> e.path("kind").asText().equals("relay"))
                .toList();
        assertFalse(relays.isEmpty());
        for (JsonNode r : relays) {
            String from = r.path("from").asText();
            String text = r.path("text").asText();
            // a sim quotes what it answers: the holder's words answer the piece, a beat, or its last call
            assertTrue(
                    text.contains("heard \"The piece is now with " + from + " (")
                            || text.contains("heard \"[Beat")
                            || text.contains("heard \"Your turn is up"),
                    "relayed as " + from + "'s words: " + text);
        }
        assertFalse(world.entries(id, "out_of_turn").isEmpty(), "the listeners' answers were kept");
        String harvest = world.entries(id, "harvest").get(0).path("text").asText();
        assertTrue(harvest.startsWith("Hal heard \"The gathering is closing."), harvest);
        assertEquals(9, relays.size(), "each of the 9 turns relayed its holder's answer, nothing else");
        // the listeners heard every word live (each relay typed to both others and the harvester)
        relays.forEach(r -> assertEquals(3, r.path("to").size(), r::toString));
    }
}
