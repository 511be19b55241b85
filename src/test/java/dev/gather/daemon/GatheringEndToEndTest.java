package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Beside;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The standard rhythm in real tmux: four simulated speakers, a harvester and a human who speaks with
 * `gather say`, checked against the journal.
 */
@Beside
class GatheringEndToEndTest {
    @RegisterExtension
    final Worlds worlds = Worlds.withSimAgents();

    Path home;
    World world;

    @Test
    void standardGatheringWithFourAgentsAHarvesterAndAHuman() throws Exception {
        ObjectNode args =
                World.args().put("rhythm", "standard").put("beats_per_turn", 2).put("beat_interval_seconds", 2);
        var ps = args.putArray("participants");
        for (String n : List.of("Ada", "Bo", "Cy", "Di")) {
            ps.addObject().put("name", n).put("agent", "speaker");
        }
        ps.addObject().put("name", "Hu").put("role", "human");
        ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
        JsonNode started = world.call(null, "start_gathering", args);
        assertTrue(started.path("ok").asBoolean(), started.toString());
        String id = started.path("gathering_id").asText();
        assertEquals(6, started.path("members").size());

        // queued behind the start on the gathering's lane: Ada holds the piece when it is handled
        JsonNode early =
                world.call(null, "say", World.args().put("gathering", id).put("text", "I speak out of turn"));
        assertTrue(early.path("ok").asBoolean(), early.toString());
        assertFalse(early.path("relayed").asBoolean(), "a say without the piece is kept, not relayed");
        int humanTurns = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (world.entries(id, "harvest").isEmpty() && System.nanoTime() < deadline) {
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> humanHolds(id) || !world.entries(id, "harvest").isEmpty());
            if (humanHolds(id)) {
                // wait for the human's private beat first: beats reach the holder alone (one of this turn,
                // however late the test noticed the turn: its two beats come within seconds)
                await().atMost(Duration.ofSeconds(20)).until(() -> beatSincePieceCameTo(id, "Hu"));
                humanTurns++;
                Result r = say(id, "Human view " + humanTurns + ": keep it small. I pass the piece.");
                assertEquals(0, r.exitCode, r.out);
                await().atMost(Duration.ofSeconds(20)).until(() -> !humanHolds(id));
            }
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> !world.entries(id, "close").isEmpty());
        assertEquals(6, humanTurns, "the human held the piece once per round");

        List<JsonNode> journal = world.journal(id);
        String holder = null;
        List<String> phases = new ArrayList<>();
        Set<String> members = Set.of("Ada", "Bo", "Cy", "Di", "Hu", "Hal");
        int relays = 0;
        int turns = 0;
        for (JsonNode e : journal) {
            String kind = e.path("kind").asText();
            if (kind.equals("announce") && e.path("prompt").asText().equals("turn")) {
                String t = e.path("text").asText();
                holder = t.substring("The piece is now with ".length(), t.indexOf(" ("));
                turns++;
            } else if (kind.equals("announce") && e.path("prompt").asText().equals("phase")) {
                String t = e.path("text").asText();
                phases.add(t.substring("--- Phase: ".length(), t.indexOf(" ---")));
                holder = null;
            } else if (kind.equals("relay")) {
                relays++;
                assertEquals(holder, e.path("from").asText(), "only the holder is relayed: " + e);
                assertTrue(members.contains(e.path("from").asText()));
                // standard hears in a digest: typed to the human now, kept for the agents until their own turn
                assertEquals(5, e.path("to").size() + e.path("held").size(), "everyone else hears it: " + e);
                if (!e.path("from").asText().equals("Hu")) {
                    assertEquals("[\"Hu\"]", e.path("to").toString(), "a person hears every word as it is said: " + e);
                }
            } else if (kind.equals("private") && e.path("prompt").asText().contains("beat")) {
                assertEquals(holder, e.path("to").asText(), "beats go to the holder alone: " + e);
            }
        }
        assertEquals(
                List.of(
                        "INHALE (round 1/2)",
                        "INHALE (round 2/2)",
                        "HOLD (round 1/2)",
                        "HOLD (round 2/2)",
                        "EXHALE (round 1/2)",
                        "EXHALE (round 2/2)"),
                phases);
        assertEquals(30, turns, "five speakers, six rounds");
        // an agent answers every prompt it gets, so a late answer to a beat can add a relay in its next turn
        assertTrue(relays >= 30, "every turn relayed its holder's words: " + relays);
        assertFalse(world.entries(id, "out_of_turn").isEmpty(), () -> "the early say was kept: " + journal);
        assertTrue(world.entries(id, "out_of_turn").stream()
                .allMatch(e -> !e.path("from").asText().isEmpty()));
        JsonNode harvest = world.entries(id, "harvest").get(0);
        assertEquals("Hal", harvest.path("from").asText());
        assertTrue(Files.readString(home.resolve("journal").resolve(id + ".harvest.md"))
                .startsWith("Hal heard"));
        String transcript = run("transcript", id).out;
        assertTrue(transcript.contains("--- harvest ---"), transcript);
    }

    private boolean humanHolds(String id) throws Exception {
        JsonNode s = world.call(null, "gathering_status", World.args().put("gathering", id));
        return "Hu".equals(s.path("holder").asText());
    }

    /** Whether {@code name} was sent a beat since the piece last came to it. */
    private boolean beatSincePieceCameTo(String id, String name) {
        List<JsonNode> journal = world.journal(id);
        int came = -1;
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("kind").asText().equals("announce")
                    && e.path("prompt").asText().equals("turn")
                    && e.path("member").asText().equals(name)) {
                came = i;
            }
        }
        return came >= 0
                && journal.subList(came + 1, journal.size()).stream()
                        .anyMatch(e -> e.path("kind").asText().equals("private")
                                && e.path("to").asText().equals(name)
                                && e.path("prompt").asText().contains("beat"));
    }

    record Result(int exitCode, String out) {}

    private Result say(String id, String text) throws Exception {
        return run("say", id, text);
    }

    private Result run(String... args) throws Exception {
        Cli.Result r = Cli.run(home, Optional.empty(), args);
        return new Result(r.code(), r.out());
    }
}
