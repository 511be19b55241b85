package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.FailingDisk;
import dev.gather.testing.Beside;
import dev.gather.testing.LiveRhythm;
import dev.gather.tmux.Pane;
import dev.gather.turn.Spool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The journal is the truth in a gathering too: the holder's words that the journal refuses stay in
 * the spool while the gathering's link says it is degraded, nobody hears them, and once the journal
 * can be written they are relayed, once each, in order.
 */
@Beside
class GatheringJournalFaultTest {
    private static final String AGENTS =
            """
            agents:
              listener: ["{gather}", sim, --name, "{name}", --think-ms, "30", --reply-when, "never-matches-anything"]
            """;

    private final FailingDisk disk = new FailingDisk();

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(AGENTS).onDisk(disk).preparing(home -> {
        // live hearing: the listener's screen shows each relayed turn as it is said
        LiveRhythm.write(home, "minimal");
    });

    World world;

    @ParameterizedTest
    @EnumSource(
            value = FailingDisk.Mode.class,
            names = {"FULL", "READ_ONLY"})
    void theHoldersWordsWaitInTheSpoolWhileTheJournalFailsAndAreRelayedOnceAfter(FailingDisk.Mode failure)
            throws Exception {
        Two g = adaAndBo();
        String id = g.id();
        String ada = g.ada();
        String bo = g.bo();
        // Ada's turns under test begin once the piece was submitted to her (a turn that ended earlier
        // answers her seed): it stands in her history, indented, not only in her input box ("> ")
        await().atMost(Duration.ofSeconds(60))
                .until(() -> screen(ada).lines().anyMatch(l -> l.startsWith("  The piece is now with Ada")));

        disk.set(failure);
        Spool spool = new Spool(world.state.spool());
        Path first = spool.drop(World.simTurn(ada, 1, "first words while the disk fails"));
        Path second = spool.drop(World.simTurn(ada, 2, "second words while the disk fails"));
        String why = failure == FailingDisk.Mode.FULL ? "No space left on device" : "Read-only file system";
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.degraded(id).equals("cannot write journal (" + why + ")"));
        // (the listeners' own turn ends, answering what they were told, may wait there too)
        assertTrue(Files.exists(first) && Files.exists(second), "both turns are still in the spool");
        JsonNode status = world.call(null, "status", World.args());
        assertEquals(
                "cannot write journal (" + why + ")",
                status.path("degraded").path(id).asText(),
                status.toString());
        JsonNode gathering = world.call(null, "gathering_status", World.args().put("gathering", id));
        assertEquals(
                "cannot write journal (" + why + ")", gathering.path("degraded").asText(), gathering.toString());
        assertEquals("Ada", gathering.path("holder").asText(), "the gathering did not move on words it never kept");
        assertFalse(screen(bo).contains("while the disk fails"), "nothing that is not journalled is delivered");
        assertEquals(List.of(), world.entries(id, "relay"));

        disk.set(FailingDisk.Mode.HEALTHY);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.entries(id, "relay").size() == 2);
        assertEquals(
                List.of("first words while the disk fails", "second words while the disk fails"),
                world.entries(id, "relay").stream()
                        .map(e -> e.path("text").asText())
                        .toList());
        assertEquals(
                List.of(),
                world.entries(id, "out_of_turn").stream()
                        .filter(e -> e.path("from").asText().equals("Ada"))
                        .toList(),
                "the holder's words stayed the holder's");
        await().atMost(Duration.ofSeconds(30)).until(() -> screen(bo).contains("second words while the disk fails"));
        String screen = screen(bo);
        assertEquals(1, occurrences(screen, "first words while the disk fails"), screen);
        assertTrue(screen.indexOf("first words") < screen.indexOf("second words"), screen);
        assertEquals("", world.degraded(id));
        await().atMost(Duration.ofSeconds(30)).until(() -> count(spool.incoming()) == 0);
        assertEquals(0, count(spool.rejected()));
        for (String line : Files.readAllLines(world.state.journals().resolve(id + ".jsonl"))) {
            World.JSON.readTree(line);
        }
    }

    /**
     * The harvest file cannot be written (a full disk; here a folder stands in its place): the
     * harvester's answer waits in the spool and the gathering in its harvest, and the harvest is kept
     * once the file can be written, not lost with a warning.
     */
    @Test
    void aHarvestTheDiskRefusesWaitsInTheSpoolAndIsKeptOnceItCanBeWritten() throws Exception {
        ObjectNode args = World.args().put("rhythm", "minimal-live").put("beat_interval_seconds", 3600);
        JsonNode started = Ceremonies.start(world, args, "Ada::listener", "Bo::listener", "Hal:harvester:listener");
        String id = started.path("gathering_id").asText();
        String hal = Ceremonies.pane(started, "Hal").id();
        await().atMost(Duration.ofSeconds(60)).until(() -> screen(hal).contains("The piece is now with Ada"));
        JsonNode ended = world.call(null, "end_gathering", World.args().put("gathering", id));
        assertTrue(ended.path("ok").asBoolean(), ended.toString());
        // the harvester's answer begins once the harvest prompt was submitted to it
        await().atMost(Duration.ofSeconds(60))
                .until(() -> screen(hal).lines().anyMatch(l -> l.startsWith("  The gathering is closing.")));

        Path harvest = world.state.journals().resolve(id + ".harvest.md");
        Files.createDirectories(harvest);
        Path answer = new Spool(world.state.spool()).drop(World.simTurn(hal, 1, "what was said, where views met"));
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(10))
                .until(() ->
                        Files.exists(answer) && world.entries(id, "harvest").isEmpty());

        Files.delete(harvest);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.entries(id, "harvest").size() == 1);
        assertEquals("what was said, where views met\n", Files.readString(harvest));
        await().atMost(Duration.ofSeconds(30)).until(() -> !Files.exists(answer));
    }

    private String screen(String pane) {
        return world.tmux.capture(pane, 2000);
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static long count(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }

    /**
     * A one-shot between two members went out; the copy kept in their gathering's journal, written
     * after, was refused. The send still answers that it went (an error would have the caller send
     * it again), and says the transcript lacks it.
     */
    @Test
    void aOneShotWhoseGatheringCopyTheJournalRefusedStillAnswersThatItWent() throws Exception {
        Two g = adaAndBo();
        String id = g.id();
        String ada = g.ada();
        String bo = g.bo();

        disk.only(file -> file.getFileName().toString().equals(id + ".jsonl"));
        disk.set(FailingDisk.Mode.FULL);
        Pane from = world.tmux.panes().stream()
                .filter(p -> p.id().equals(ada))
                .findFirst()
                .orElseThrow();
        JsonNode sent = world.tell(from, bo, "a word aside");
        assertTrue(sent.path("ok").asBoolean(), sent.toString());
        assertTrue(sent.path("transcript").asText().startsWith("not kept in " + id), sent.toString());
        await().atMost(Duration.ofSeconds(30)).until(() -> screen(bo).contains("a word aside"));
    }

    /** A minimal-live gathering's id and its two members' panes. */
    private record Two(String id, String ada, String bo) {}

    /** Starts Ada and Bo in a minimal-live gathering and waits until the piece is with Ada. */
    private Two adaAndBo() throws Exception {
        // beats an hour apart: nothing but the words under test asks the journal for anything
        ObjectNode args = World.args().put("rhythm", "minimal-live").put("beat_interval_seconds", 3600);
        JsonNode started = Ceremonies.start(world, args, "Ada::listener", "Bo::listener");
        Two g = new Two(
                started.path("gathering_id").asText(),
                started.path("members").get(0).path("pane").asText(),
                started.path("members").get(1).path("pane").asText());
        await().atMost(Duration.ofSeconds(60)).until(() -> screen(g.bo()).contains("The piece is now with Ada"));
        return g;
    }
}
