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

    /**
     * A message left queued for a member whose pane id now runs another program (the tmux server
     * restarted, a stranger's pane got the id) fails, untyped: it is never typed into the stranger.
     */
    @Test
    void aMessageLeftQueuedForAPaneIdNowRunningAnotherProgramFailsUntyped() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", "never-matches-anything");
        Pane bo = world.sim("Bo", "--think-ms", "20000");
        String link = world.link(ada, bo.id(), "go");
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("(Bo is thinking)"));
        JsonNode sent = world.call(
                ada,
                "send",
                World.args()
                        .put("to", "Bo")
                        .put("message", "words for Bo alone")
                        .put("direct", true));
        assertTrue(sent.path("ok").asBoolean(), sent.toString());
        long ref = refOf(world.journal(link), "words for Bo alone");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> world.daemon.post.status(bo.id()).orElseThrow().queued().stream()
                        .anyMatch(l -> l.ref() == ref));

        // Bo's pane id, another process: a program that shows whatever is typed into it
        world.restartDaemon(() -> World.tmux(world.socket, "respawn-pane", "-k", "-t", bo.id(), "cat"));
        await().atMost(Duration.ofSeconds(30)).until(() -> world.entries(link, "delivery").stream()
                .anyMatch(e -> e.path("ref").asLong() == ref
                        && e.path("state").asText().equals("failed")));
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> !world.screen(bo)
                .contains("words for Bo alone"));
    }

    private static long refOf(List<JsonNode> journal, String text) {
        for (int i = 0; i < journal.size(); i++) {
            if (journal.get(i).path("text").asText().equals(text)) {
                return i + 1;
            }
        }
        throw new AssertionError("no entry says " + text + ": " + journal);
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
