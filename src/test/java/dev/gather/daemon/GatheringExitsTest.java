package dev.gather.daemon;

import static dev.gather.daemon.Ceremonies.adaBoAndHal;
import static dev.gather.daemon.Ceremonies.announced;
import static dev.gather.daemon.Ceremonies.args;
import static dev.gather.daemon.Ceremonies.assertNothingTypedAfterClose;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.journal.Transcript;
import dev.gather.testing.Beside;
import dev.gather.testing.LiveRhythm;
import dev.gather.tmux.Pane;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every way out of a gathering, in real tmux with simulated agents, checked against the journal:
 * each is announced to those still there, status tells the truth at each step, the harvest is asked
 * where promised, and nothing is typed after the close.
 */
@Beside
class GatheringExitsTest {
    private static final Duration LONG = Duration.ofSeconds(90);

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(World.SIM_AGENTS + World.TALKER).preparing(home -> {
        LiveRhythm.write(home, "minimal");
    });

    Path home;
    World world;

    /** A minimal circle of the speakers Ada, Bo and Cy (Cy's agent {@code cyAgent}) and the harvester Hal, started. */
    private JsonNode minimalWithCy(String cyAgent) throws Exception {
        return Ceremonies.start(
                world,
                args(
                        "minimal",
                        "Ada:speaker:speaker",
                        "Bo:speaker:speaker",
                        "Cy:speaker:" + cyAgent,
                        "Hal:harvester:harvester"));
    }

    @Test
    void aMemberWhoClosesTheLinkLeavesAndTheCircleGoesOnToItsHarvest() throws Exception {
        JsonNode started = minimalWithCy("speaker");
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> !Ceremonies.holder(world, id).isEmpty());
        JsonNode left =
                world.call(Ceremonies.pane(started, "Cy"), "send", World.args().put("close_link", true));
        assertEquals(id, left.path("left").asText(), left.toString());
        int leftAt = Ceremonies.indexOf(world, id, "left", "Cy");
        await().atMost(LONG).until(() -> !world.entries(id, "close").isEmpty());
        assertEquals(
                List.of("Cy (3) has left the gathering; the piece skips them from now on."),
                announced(world, id, "left"));
        assertFalse(Ceremonies.heldAfter(world, id, "Cy", leftAt + 2), "the circle went on without Cy");
        assertEquals("Hal", world.entries(id, "harvest").get(0).path("from").asText());
        assertEquals(
                "The minimal gathering has closed (harvest complete). Thank you.",
                announced(world, id, "closing").get(0));
        JsonNode status = Ceremonies.status(world, id);
        assertEquals("closed", status.path("state").asText());
        assertTrue(status.path("turns").asInt() >= 6, status.toString());
        assertNothingTypedAfterClose(world, id);
    }

    @Test
    void belowItsMinimumTheCircleHarvestsAndCloses() throws Exception {
        JsonNode started = Ceremonies.start(world, adaBoAndHal("minimal"));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> !Ceremonies.holder(world, id).isEmpty());
        world.call(Ceremonies.pane(started, "Bo"), "send", World.args().put("close_link", true));
        await().atMost(LONG).until(() -> !world.entries(id, "close").isEmpty());
        assertEquals(1, announced(world, id, "left").size());
        assertEquals(
                1,
                world.entries(id, "harvest").size(),
                () -> "the harvester was asked and answered: "
                        + String.join("\n", Transcript.readable(world.journal(id))));
        assertEquals(
                "The minimal gathering has closed (too few speakers; harvest complete). Thank you.",
                announced(world, id, "closing").get(0));
        assertNothingTypedAfterClose(world, id);
    }

    @Test
    void endAsksTheHarvesterThenClosesAndEndsTheSpawnedAgents() throws Exception {
        // Bo never passes: the gathering stands at his turn until the end comes, however fast the machine
        JsonNode started = Ceremonies.start(
                world,
                args("standard", "Ada:speaker:speaker", "Bo:speaker:talker", "Hal:harvester:harvester")
                        .put("beat_interval_seconds", 30));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG)
                .until(() -> Ceremonies.status(world, id).path("turns").asInt() >= 2);
        // asked in process, as gather end asks
        JsonNode end = world.call(
                null, "end_gathering", World.args().put("gathering", id).put("operator", true));
        assertTrue(end.path("ok").asBoolean(), end.toString());
        // the answer is the gathering as the end left it, or later: a quick harvester may have answered
        // the harvest before it was read (a CI run), and then it says so
        String state = end.path("state").asText();
        assertTrue(
                state.equals("harvesting")
                        || state.equals("closed")
                                && end.path("closed_reason").asText().equals("ended by command; harvest complete"),
                end.toString());
        await().atMost(LONG).until(() -> !world.entries(id, "close").isEmpty());
        assertEquals(1, world.entries(id, "harvest").size());
        assertEquals(
                "The standard gathering has closed (ended by command; harvest complete). Thank you.",
                announced(world, id, "closing").get(0),
                () -> String.join("\n", Transcript.readable(world.journal(id))));
        assertEquals("closed", Ceremonies.status(world, id).path("state").asText());
        assertNothingTypedAfterClose(world, id);
        // after the harvest and the closing words, the agents gather spawned are ended
        await().atMost(LONG).until(() -> spawned().isEmpty());
        Cli.Result again = Cli.run(home, Optional.of(world.socket), "end", "--operator", id);
        assertNotEquals(0, again.code());
        assertEquals(1, again.out().strip().lines().count(), again.out());
        assertTrue(again.out().contains(id + " is already closed (ended by command; harvest complete)"), again.out());
    }

    @Test
    void endNowSkipsTheHarvestAndKeepLeavesTheAgentsForCleanToEnd() throws Exception {
        var user = world.sim("User");
        JsonNode started = Ceremonies.start(
                world,
                // live hearing, as this test was measured: every member is typed to before the end
                args("minimal-live", "Ada:speaker:talker", "Bo:speaker:talker", "Hal:harvester:harvester")
                        .put("beat_interval_seconds", 30)
                        .put("keep", true));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> !Ceremonies.holder(world, id).isEmpty());
        Cli.Result end = Cli.run(home, Optional.of(world.socket), "end", "--now", "--operator", id);
        assertEquals(0, end.code(), end.out());
        assertEquals(
                "ended " + id + " (ended by command, without a harvest)",
                end.out().strip());
        assertTrue(world.entries(id, "harvest").isEmpty());
        assertTrue(world.entries(id, "private").stream()
                .noneMatch(e -> e.path("prompt").asText().equals("harvest")));
        await().atMost(LONG).until(() -> !world.entries(id, "delivery").stream()
                .filter(e -> e.path("state").asText().equals("confirmed"))
                .toList()
                .isEmpty());
        assertNothingTypedAfterClose(world, id);
        assertEquals(3, spawned().size(), () -> "--keep left the three agents: " + world.tmux.panes());
        Cli.Result list = Cli.run(home, Optional.of(world.socket), "clean", "--dry-run");
        assertEquals(
                3,
                list.out()
                        .lines()
                        .filter(l -> l.startsWith("left behind: " + id))
                        .count(),
                list.out());
        Cli.Result clean = Cli.run(home, Optional.of(world.socket), "clean");
        assertEquals(0, clean.code(), clean.out());
        assertEquals(
                3, clean.out().lines().filter(l -> l.startsWith("ended: " + id)).count(), clean.out());
        await().atMost(LONG).until(() -> spawned().isEmpty());
        assertTrue(world.tmux.alive(user.id()), "the user's own pane is never ended");
    }

    /** The panes of sessions gather spawned for gatherings, by id. */
    private Set<String> spawned() {
        return world.tmux.panes().stream()
                .filter(p -> p.session().startsWith("g-"))
                .map(Pane::id)
                .collect(Collectors.toSet());
    }

    @Test
    void theHarvesterGoneClosesWithoutAHarvestAndSaysSo() throws Exception {
        JsonNode started = Ceremonies.start(
                world,
                args("standard", "Ada:speaker:talker", "Bo:speaker:talker", "Hal:harvester:harvester")
                        .put("beat_interval_seconds", 30));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> !Ceremonies.holder(world, id).isEmpty());
        world.tmux.kill(Ceremonies.pane(started, "Hal").id());
        await().atMost(LONG).until(() -> announced(world, id, "left").size() == 1);
        Cli.Result end = Cli.run(home, Optional.of(world.socket), "end", "--operator", id);
        assertEquals(0, end.code(), end.out());
        await().atMost(LONG).until(() -> !world.entries(id, "close").isEmpty());
        assertEquals(
                "The standard gathering has closed (ended by command; no harvest: the harvester left). Thank you.",
                announced(world, id, "closing").get(0));
        assertNothingTypedAfterClose(world, id);
    }

    @Test
    void anAgentThatNeverStartsLeavesAndIsAnnounced() throws Exception {
        JsonNode started = minimalWithCy("false");
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> announced(world, id, "left").size() == 1);
        assertEquals(
                "Cy (3) has left the gathering; the piece skips them from now on.",
                announced(world, id, "left").get(0));
        await().atMost(LONG).until(() -> !world.entries(id, "close").isEmpty());
        assertFalse(Ceremonies.heldAfter(world, id, "Cy", 0), "Cy never held the piece");
        assertEquals(1, world.entries(id, "harvest").size());
        assertNothingTypedAfterClose(world, id);
    }
}
