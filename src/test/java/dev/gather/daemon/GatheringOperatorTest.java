package dev.gather.daemon;

import static dev.gather.daemon.Ceremonies.args;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.Beside;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator in real tmux: bad members are refused before anything starts; the human member (or
 * the starter) takes the piece from a stuck holder and passes from any terminal, journalled with who.
 */
@Beside
class GatheringOperatorTest {
    private static final Duration LONG = Duration.ofSeconds(90);
    /** Answers its turn only after ten minutes: a holder that is stuck for the whole test. */
    private static final String STUCK =
            """
              stuck: ["{gather}", sim, --name, "{name}", --think-ms, "600000", --reply-when, "now with {name} "]
              ghost: [no-such-program-for-gather-tests]
            """;

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(World.SIM_AGENTS + STUCK);

    Path home;
    World world;

    @Test
    void badMembersAreRefusedBeforeAnythingIsSpawned() throws Exception {
        assertRefused(
                "unknown agent kind 'nosuchagent'",
                "start",
                "minimal",
                "-p",
                "Ada:speaker:sim",
                "-p",
                "B:speaker:nosuchagent");
        assertRefused(
                "agent kind 'ghost' runs 'no-such-program-for-gather-tests', which is not found on PATH",
                "start",
                "minimal",
                "-p",
                "Ada:speaker:sim",
                "-p",
                "Bo:speaker:ghost");
        assertRefused(
                "participant names must be different",
                "start",
                "minimal",
                "-p",
                "Ada:speaker:sim",
                "-p",
                "ada:speaker:sim");
        assertRefused("needs 2 to 12 speakers", "start", "minimal", "-p", "Hal:harvester:sim");
        assertTrue(
                world.tmux.panes().stream().noneMatch(p -> p.session().startsWith("g-")),
                () -> "nothing was spawned: " + world.tmux.panes());
        assertTrue(world.daemon.gatherings.all().isEmpty());
    }

    @Test
    void theHumanTakesThePieceFromAStuckHolderAndPassesFromAnyTerminal() throws Exception {
        JsonNode started = Ceremonies.start(
                world,
                // turns of a minute: each command's JVM lands within the turn it acts on, on any machine
                args("standard", "Ada:speaker:stuck", "Bo:speaker:speaker", "Hu:human", "Hal:harvester:harvester")
                        .put("beat_interval_seconds", 60));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> "Ada".equals(Ceremonies.holder(world, id)));
        JsonNode refused =
                world.call(Ceremonies.pane(started, "Bo"), "take", World.args().put("gathering", id));
        assertFalse(refused.path("ok").asBoolean(), refused.toString());
        assertTrue(refused.path("error").asText().contains("Bo is a member"), refused.toString());

        Cli.Result take = Cli.run(home, Optional.of(world.socket), "take", id, "--as", "Hu", "--to", "Bo");
        assertEquals(0, take.code(), take.out());
        assertEquals("the piece is with Bo", take.out().strip());
        assertEquals(
                "Hu (the human member, at a terminal) took the piece from Ada and gave it to Bo",
                world.entries(id, "take").get(0).path("text").asText());

        // Bo passes at once; the human is next in order
        await().atMost(LONG).until(() -> "Hu".equals(Ceremonies.holder(world, id)));
        Cli.Result pass = Cli.run(home, Optional.of(world.socket), "pass", "--gathering", id, "--as", "Hu", "Ada");
        assertEquals(0, pass.code(), pass.out());
        assertEquals(
                "Hu passed the piece by command to Ada",
                world.entries(id, "pass").get(0).path("text").asText());
        assertTrue(world.entries(id, "take").size() == 1
                && !Ceremonies.holder(world, id).equals("Hu"));

        // a one-shot between members carries the member's name and lands in the gathering's journal
        JsonNode aside = world.call(
                Ceremonies.pane(started, "Bo"),
                "send",
                World.args().put("to", Ceremonies.pane(started, "Hal").id()).put("message", "a word aside"));
        assertTrue(aside.path("ok").asBoolean(), aside.toString());
        JsonNode oneshot = world.entries(id, "oneshot").get(0);
        assertEquals("Bo", oneshot.path("from").asText());
        assertEquals("Hal", oneshot.path("to").asText());
        // on a fresh home the pulse has no earlier talk: the gathering's own start line is not quoted
        assertTrue(
                world.entries(id, "private").stream()
                        .filter(e -> e.path("prompt").asText().equals("seed"))
                        .noneMatch(e -> e.path("text").asText().contains(id)),
                "the seed's pulse quotes the gathering itself");

        Cli.Result notHolding = Cli.run(home, Optional.of(world.socket), "pass", "--gathering", id);
        assertNotEquals(0, notHolding.code());
        assertTrue(notHolding.out().contains("Hu does not hold the piece"), notHolding.out());
        Cli.Result end = Cli.run(home, Optional.of(world.socket), "end", "--now", "--operator", id);
        assertEquals(0, end.code(), end.out());
    }

    private void assertRefused(String why, String... args) throws Exception {
        Cli.Result r = Cli.run(home, Optional.of(world.socket), args);
        assertNotEquals(0, r.code(), r.out());
        assertTrue(r.out().contains(why), () -> "expected '" + why + "' in: " + r.out());
        assertFalse(r.out().contains("Exception"), r.out());
        assertFalse(r.out().startsWith("started"), r.out());
    }
}
