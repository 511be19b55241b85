package dev.gather.daemon;

import static dev.gather.daemon.Ceremonies.args;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.Transcript;
import dev.gather.testing.Beside;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Turns that wait for the speaker, in real tmux: a holder that takes 20 s to answer with 2 s beats
 * keeps the piece until its words are relayed; with max_turn exceeded the piece moves and the words
 * that come afterwards are journalled, and shown, as late.
 */
@Beside
class GatheringLeaseTest {
    private static final Duration LONG = Duration.ofSeconds(120);
    /**
     * Answers only its turn announcement, after thinking 20 s; reports each turn's end (and its start)
     * half a second after its prompt is back, as a harness whose hook runs then: the seed can be pasted
     * before the start's report (the sim profile is ready after 200 ms of quiet), and that report must
     * not end the turn the seed starts. Less than the sim profile's turn quiet (1 s), as a real
     * harness's hook comes well within its profile's (5 s): reported a whole second late, the screen
     * settled Ada's answering turn as often as her report did, under load, and the final beat came
     * between her prompt and her words (CI, stop 53).
     */
    private static final String SLOW =
            """
              slow: ["{gather}", sim, --name, "{name}", --think-ms, "20000", --report-after-ms, "500", --reply-when, "now with {name} "]
            """;

    @TempDir
    Path home;

    World world;

    @BeforeEach
    void start() throws Exception {
        Files.writeString(home.resolve("agents.yaml"), World.SIM_AGENTS + SLOW);
        Files.createDirectories(home.resolve("rhythms"));
        String capped = Files.readString(Path.of("rhythms/standard.yaml"))
                .replace("name: standard", "name: capped")
                .replaceFirst("(?m)^beats: \\{.*}$", "beats: {per_turn: 1, interval: 2s, grace: 2s, max_turn: 6s}");
        Files.writeString(home.resolve("rhythms/capped.yaml"), capped);
        world = new World(home);
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void aHolderAnsweringAfterTwentySecondsKeepsThePieceUntilItsWordsAreRelayed() throws Exception {
        JsonNode started = Ceremonies.start(
                world, args("minimal", "Ada:speaker:slow", "Bo:speaker:speaker", "Hal:harvester:harvester"));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> !world.entries(id, "relay").isEmpty());
        await().atMost(LONG).until(() -> Ceremonies.heldAfter(world, id, "Bo", 0));
        List<JsonNode> journal = world.journal(id);
        int adaTurn = turnOf(journal, "Ada");
        int adaWords = -1;
        int boTurn = turnOf(journal, "Bo");
        for (int i = 0; i < journal.size(); i++) {
            if (journal.get(i).path("kind").asText().equals("relay")
                    && journal.get(i).path("from").asText().equals("Ada")) {
                adaWords = i;
                break;
            }
        }
        String transcript = String.join("\n", Transcript.readable(journal));
        assertTrue(
                adaTurn < adaWords && adaWords < boTurn,
                "Ada's words were relayed before the piece moved:\n" + transcript);
        for (int i = adaTurn; i < adaWords; i++) {
            assertTrue(
                    !journal.get(i).path("prompt").asText().contains("beat"),
                    "no beat while Ada was mid-turn:\n" + transcript);
        }
        assertTrue(world.entries(id, "late").isEmpty(), transcript);
        endNow(id);
    }

    @Test
    void pastMaxTurnThePieceMovesAndTheLateWordsAreJournalledAsLate() throws Exception {
        JsonNode started = Ceremonies.start(
                world,
                World.args().put("rhythm", "capped").setAll(participants("Ada:speaker:slow", "Bo:speaker:speaker")));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG)
                .failFast(() -> {
                    if (!world.entries(id, "close").isEmpty()) {
                        throw new AssertionError("closed before Ada's late words:\n"
                                + String.join("\n", Transcript.readable(world.journal(id))));
                    }
                })
                .until(() -> lateFrom(id, "Ada").isPresent());
        List<JsonNode> journal = world.journal(id);
        String transcript = String.join("\n", Transcript.readable(journal));
        int boTurn = turnOf(journal, "Bo");
        // Bo's own words may come late too on a slow machine (his turn has the same 6 s cap): Ada's are the subject
        JsonNode lateWords = lateFrom(id, "Ada").orElseThrow();
        int late = journal.indexOf(lateWords);
        assertTrue(boTurn >= 0 && boTurn < late, "the piece moved before Ada's words came:\n" + transcript);
        assertTrue(lateWords.path("text").asText().startsWith("Ada heard"), lateWords.toString());
        assertTrue(
                world.entries(id, "relay").stream()
                        .noneMatch(e -> e.path("from").asText().equals("Ada")),
                "late words are not relayed:\n" + transcript);
        Cli.Result shown = Cli.run(home, Optional.of(world.socket), "transcript", id);
        assertTrue(shown.out().contains("(late, not relayed: the piece had moved on) Ada"), shown.out());
        endNow(id);
    }

    /**
     * Ends the gathering, done with it: on a loaded machine the command's JVM may start after the breath
     * ran out and the gathering closed by itself, which is as good.
     */
    private void endNow(String id) throws Exception {
        Cli.Result end = Cli.run(home, Optional.of(world.socket), "end", "--now", "--operator", id);
        assertTrue(end.code() == 0 || end.out().contains(id + " is already closed"), end.out());
    }

    private static ObjectNode participants(String... ps) {
        ObjectNode o = World.args();
        var array = o.putArray("participants");
        for (String p : ps) {
            String[] f = p.split(":");
            array.addObject().put("name", f[0]).put("role", f[1]).put("agent", f[2]);
        }
        return o;
    }

    private static int turnOf(List<JsonNode> journal, String name) {
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("prompt").asText().equals("turn")
                    && e.path("text").asText().startsWith("The piece is now with " + name + " ")) {
                return i;
            }
        }
        return -1;
    }

    /** The first words of {@code name} journalled as late, if any yet. */
    private Optional<JsonNode> lateFrom(String id, String name) {
        return world.entries(id, "late").stream()
                .filter(e -> e.path("from").asText().equals(name))
                .findFirst();
    }
}
