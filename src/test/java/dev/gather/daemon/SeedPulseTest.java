package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.history.Pulse;
import dev.gather.rhythm.Rhythm;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.testing.Beside;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A gathering's seed quotes the transcripts in the harness homes its daemon was given: the user's, for
 * a daemon started from the environment, and a test's own for a test's daemon. A test's daemon read
 * the developer's real ~/.claude and quoted it into the test's journals.
 */
@Beside
class SeedPulseTest {
    @RegisterExtension
    final Worlds worlds = Worlds.withSimAgents();

    World world;

    @Test
    void theSeedQuotesTheTranscriptsOfTheHomesTheDaemonWasGiven() throws Exception {
        Rhythm minimal = RhythmLibrary.standard().load("minimal");
        List<String> keywords = Pulse.keywords(minimal.name(), minimal.openingQuestion());
        Path past = world.homes.claude().resolve("projects/-work-earlier/session.jsonl");
        Files.createDirectories(past.getParent());
        Files.writeString(
                past,
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"Quokka notes: "
                        + String.join(" ", keywords) + "\"}}\n");

        JsonNode started = Ceremonies.start(world, Ceremonies.adaBoAndHal("minimal"));
        String id = started.path("gathering_id").asText();

        await().atMost(Duration.ofSeconds(60)).until(() -> !seeds(id).isEmpty());
        String seed = seeds(id).get(0);
        assertTrue(seed.contains("Earlier talk on") && seed.contains("Quokka notes"), seed);
        world.call(null, "end_gathering", World.args().put("gathering", id).put("now", true));
    }

    private List<String> seeds(String id) {
        return world.entries(id, "private").stream()
                .filter(e -> e.path("prompt").asText().equals("seed"))
                .map(e -> e.path("text").asText())
                .toList();
    }
}
