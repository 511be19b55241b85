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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A starter casts members into a rhythm's parts by name ({@code -p Bo:skeptic:sim}, or role skeptic in
 * start_gathering): they play them, whatever their place in the speaking order, a part nobody was cast
 * into goes to the first speaker who plays none, and a part the rhythm does not have is refused with
 * the parts it has, before anything is spawned.
 */
@Beside
class CastingStartTest {
    @TempDir
    Path home;

    @Test
    void startCastsPartsByNameAndNamesTheRhythmsPartsForAnUnknownOne() throws Exception {
        try (World world = new World(home)) {
            Cli.Result unknown = start(world, "Ada:speaker:sim", "Bo:skepic:sim", "Hal:harvester:sim");
            assertEquals(1, unknown.code(), unknown.out());
            assertTrue(
                    unknown.out()
                            .contains("start_gathering: participants[1].role: 'skepic' is neither speaker, harvester,"
                                    + " human nor a part of rhythm review-circle (its parts: author, skeptic)"),
                    unknown.out());
            assertEquals(List.of(), gatherings(), "nothing was started");

            ObjectNode twice = World.args().put("rhythm", "review-circle");
            twice.putArray("participants")
                    .add(World.args().put("name", "Ada").put("role", "skeptic"))
                    .add(World.args().put("name", "Bo").put("role", "skeptic"));
            JsonNode refused = world.call(null, "start_gathering", twice);
            assertFalse(refused.path("ok").asBoolean(), refused.toString());
            assertEquals(
                    "start_gathering: Ada and Bo are both cast as skeptic; rhythm review-circle has one skeptic",
                    refused.path("error").asText(),
                    refused.toString());

            // Ada is first in the order but cast by nobody: the part nobody was cast into (author) is hers
            Cli.Result started =
                    start(world, "Ada:speaker:sim", "Bo:skeptic:sim", "Cy:speaker:sim", "Hal:harvester:sim");
            assertEquals(0, started.code(), started.out());
            String id = gatherings().get(0);
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> world.entries(id, "private").stream()
                                    .filter(e -> e.path("prompt").asText().equals("seed"))
                                    .count()
                            == 4);
            List<String> seeding = world.entries(id, "private").stream()
                    .filter(e ->
                            List.of("seed", "part").contains(e.path("prompt").asText()))
                    .map(e -> e.path("to").asText() + " " + e.path("prompt").asText() + ": "
                            + e.path("text").asText().lines().findFirst().orElse(""))
                    .map(l -> l.length() > 60 ? l.substring(0, 60) : l)
                    .toList();
            assertEquals(
                    List.of(
                            "Ada seed: You are Ada (1) in this gathering, as author.",
                            "Bo seed: You are Bo (2) in this gathering, as skeptic.",
                            "Cy seed: You are Cy (3) in this gathering, as speaker.",
                            "Hal seed: You are Hal (4) in this gathering, as harvester."),
                    seeding);
            // each part's prompt ends its player's seed: one message, one model call
            assertEquals(
                    List.of("Ada, you play the author", "Bo, you play the skeptic"),
                    world.entries(id, "private").stream()
                            .map(e -> e.path("text").asText())
                            .filter(t -> t.contains(", you play the "))
                            .map(t -> t.substring(t.lastIndexOf("\n\n") + 2, t.indexOf(':', t.lastIndexOf("\n\n"))))
                            .toList());
            JsonNode start = world.entries(id, "start").get(0);
            assertEquals("skeptic", start.path("cast").path("Bo").asText(), start.toString());
            world.call(null, "end_gathering", World.args().put("gathering", id).put("now", true));
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> !world.entries(id, "close").isEmpty());
        }
    }

    /** {@code gather start review-circle -p …} with each participant. */
    private Cli.Result start(World world, String... participants) throws Exception {
        List<String> args = new ArrayList<>(List.of("start", "review-circle"));
        for (String p : participants) {
            args.add("-p");
            args.add(p);
        }
        return Cli.run(home, Optional.of(world.socket), args.toArray(String[]::new));
    }

    private List<String> gatherings() throws Exception {
        Path journals = home.resolve("journal");
        if (!Files.isDirectory(journals)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(journals)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith("g-") && n.endsWith(".jsonl"))
                    .map(n -> n.substring(0, n.length() - ".jsonl".length()))
                    .toList();
        }
    }
}
