package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.rhythm.Phase;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A daemon stopped and started again (an upgrade) leaves its links and gatherings running: the new
 * one resumes them where they stood, with nothing said twice.
 */
@Beside
class GracefulRestartTest {
    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(World.SIM_AGENTS + World.SLOW);

    World world;

    /**
     * The minimal rhythm with speakers Ada, Bo and Cy and harvester Hal, all sims; Cy is slow, so a
     * restart after the first relays comes while the breath is still under way, however fast the machine.
     */
    private JsonNode startMinimal() throws Exception {
        return Ceremonies.start(
                world,
                Ceremonies.args(
                        "minimal",
                        "Ada:speaker:speaker",
                        "Bo:speaker:speaker",
                        "Cy:speaker:slow",
                        "Hal:harvester:harvester"));
    }

    @Test
    void aGatheringGoesOnAfterAStopAndAStartAndFinishesWithItsHarvest() throws Exception {
        JsonNode started = startMinimal();
        String id = started.path("gathering_id").asText();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> world.entries(id, "relay").size() >= 2);
        world.restartDaemon();
        assertTrue(world.daemon.resumed.contains(id), "resumed: " + world.daemon.resumed);
        await().atMost(Duration.ofSeconds(90))
                .until(() -> !world.entries(id, "close").isEmpty());
        assertTrue(
                world.entries(id, "close").get(0).path("text").asText().contains("harvest complete"),
                () -> world.journal(id).toString());
        assertEquals(1, world.entries(id, "resumed").size());
        assertEquals(List.of(), world.entries(id, "interrupted"));
        int rounds = RhythmRounds.of("minimal");
        Ceremonies.assertEveryTurnOnceInOrder(world.journal(id), List.of("Ada", "Bo", "Cy"), rounds);
        Ceremonies.assertNothingTypedAfterClose(world, id);
    }

    @Test
    void aMemberWhosePaneEndedWhileNoDaemonRanLeavesAndTheCircleGoesOnWithoutIt() throws Exception {
        JsonNode started = startMinimal();
        String id = started.path("gathering_id").asText();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> world.entries(id, "relay").size() >= 1);
        world.restartDaemon(() -> World.tmux(world.socket, "kill-session", "-t", id + "-Cy"));
        assertTrue(world.daemon.resumed.contains(id), "resumed: " + world.daemon.resumed);
        await().atMost(Duration.ofSeconds(90))
                .until(() -> !world.entries(id, "close").isEmpty());
        assertTrue(
                Ceremonies.announced(world, id, "left").stream().anyMatch(t -> t.startsWith("Cy (3) has left")),
                () -> world.journal(id).toString());
        assertTrue(
                world.entries(id, "close").get(0).path("text").asText().contains("harvest complete"),
                () -> world.journal(id).toString());
        List<JsonNode> journal = world.journal(id);
        int resumedAt = 0;
        while (!journal.get(resumedAt).path("kind").asText().equals("resumed")) {
            resumedAt++;
        }
        List<String> holdersAfter = journal.subList(resumedAt, journal.size()).stream()
                .filter(e -> e.path("prompt").asText().equals("turn"))
                .map(e -> e.path("member").asText())
                .toList();
        assertTrue(holdersAfter.contains("Ada") && holdersAfter.contains("Bo"), holdersAfter::toString);
        assertTrue(!holdersAfter.contains("Cy"), () -> "the piece skips Cy after the restart: " + holdersAfter);
        Ceremonies.assertNothingTypedAfterClose(world, id);
    }

    @Test
    void aPaneIdNowRunningAnotherProgramIsNotTakenForTheMember() throws Exception {
        JsonNode started = startMinimal();
        String id = started.path("gathering_id").asText();
        String cy = Ceremonies.pane(started, "Cy").id();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> world.entries(id, "relay").size() >= 1);
        // the same pane id, another process (as after a tmux server restart, or a respawn)
        world.restartDaemon(() -> World.tmux(world.socket, "respawn-pane", "-k", "-t", cy, "sleep 600"));
        assertTrue(world.daemon.resumed.contains(id), "resumed: " + world.daemon.resumed);
        await().atMost(Duration.ofSeconds(30)).until(() -> Ceremonies.announced(world, id, "left").stream()
                .anyMatch(t -> t.startsWith("Cy (3) has left")));
        assertTrue(world.daemon.links.byPane(cy).isEmpty(), "the stranger in " + cy + " is in no link");
        await().atMost(Duration.ofSeconds(90))
                .until(() -> !world.entries(id, "close").isEmpty());
        List<JsonNode> journal = world.journal(id);
        int resumedAt = 0;
        while (!journal.get(resumedAt).path("kind").asText().equals("resumed")) {
            resumedAt++;
        }
        assertTrue(
                journal.subList(resumedAt, journal.size()).stream()
                        .noneMatch(e -> e.path("panes").path("Cy").isTextual()),
                "nothing typed into " + cy + " after the restart");
    }

    @Test
    void aDirectLinkGoesOnAfterAStopAndAStartWithinItsTurnBudget() throws Exception {
        Pane ada = world.sim("Ada");
        Pane bo = world.sim("Bo");
        String link = world.link(ada, bo.id(), "go");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> world.entries(link, "relay").size() >= 6);
        world.restartDaemon();
        assertTrue(world.daemon.resumed.contains(link), "resumed: " + world.daemon.resumed);
        await().atMost(Duration.ofSeconds(120))
                .until(() -> !world.entries(link, "close").isEmpty());
        assertEquals(
                "turn budget used",
                world.entries(link, "close").get(0).path("text").asText());
        List<JsonNode> relays = world.entries(link, "relay");
        assertEquals(40, relays.size() - 1, "the handshake message plus the direct rhythm's 40 turns, restart or not");
        Set<String> once = new HashSet<>();
        relays.forEach(r -> assertTrue(
                once.add(r.path("from").asText() + ": " + r.path("text").asText()), r::toString));
    }

    /** Rounds of a shipped rhythm's whole breath. */
    private static final class RhythmRounds {
        static int of(String rhythm) {
            return RhythmLibrary.shippedRhythm(rhythm).orElseThrow().breath().stream()
                    .mapToInt(Phase::rounds)
                    .sum();
        }
    }
}
