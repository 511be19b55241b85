package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A member arrives late in real tmux (issue 16): a sim joins a running gathering, gets a seed with
 * the conversation so far, everyone else is told, and it speaks from the next round at the end of
 * the speaking order; the join is journalled with all a restarted daemon needs.
 */
@Beside
class LateArrivalTest {
    private static final Duration LONG = Duration.ofSeconds(90);

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(World.SIM_AGENTS + World.SLOW);

    Path home;
    World world;

    @Test
    void aSimJoinsGetsTheConversationSoFarAndSpeaksLastInTheNextRound() throws Exception {
        // Bo is slow: when Ada has spoken he is still thinking, so the join lands in the first round
        // (at the latest the second), however fast the machine, and Cy has a round left to speak in
        JsonNode started = Ceremonies.start(
                world, Ceremonies.args("minimal", "Ada:speaker:speaker", "Bo:speaker:slow", "Hal:harvester:harvester"));
        String id = started.path("gathering_id").asText();
        // Ada has spoken: there is a conversation to catch up on, and the first round is under way
        await().atMost(LONG).until(() -> !world.entries(id, "relay").isEmpty());
        String adaSaid = world.entries(id, "relay").get(0).path("text").asText();

        JsonNode joined = world.call(
                null,
                "join",
                World.args().put("gathering", id).put("name", "Cy").put("agent", "speaker"));
        assertTrue(joined.path("ok").asBoolean(), joined.toString());
        String cyPane = joined.path("member").path("pane").asText();
        assertTrue(cyPane.startsWith("%"), joined.toString());
        assertFalse(joined.has("token"), "a member in a pane needs no token: " + joined);

        JsonNode entry = world.entries(id, "join").get(0);
        assertEquals("Cy", entry.path("name").asText());
        assertEquals(4, entry.path("number").asInt());
        assertEquals("speaker", entry.path("role").asText());
        assertEquals(cyPane, entry.path("pane").asText());
        assertEquals("speaker", entry.path("agent").asText());
        assertEquals(id + "-Cy", entry.path("session").asText());
        int joinedAt = indexOfKind(id, "join");

        // the others are told; Cy gets its seed with what was said before it came, typed into its pane
        assertTrue(Ceremonies.announced(world, id, "joined").get(0).startsWith("Cy (4) has joined"));
        Pane bo = Ceremonies.pane(started, "Bo");
        await().atMost(LONG).until(() -> world.screen(bo).contains("Cy (4) has joined"));
        JsonNode seed = world.entries(id, "private").stream()
                .filter(e -> e.path("to").asText().equals("Cy"))
                .findFirst()
                .orElseThrow();
        assertEquals("seed", seed.path("prompt").asText());
        assertTrue(seed.path("text").asText().contains("The conversation so far"), seed.toString());
        assertTrue(seed.path("text").asText().contains("[Ada] (1): " + firstWords(adaSaid)), seed.toString());
        Pane cy = new Pane(cyPane, "Cy", 0, "", false);
        await().atMost(LONG).until(() -> world.screen(cy).contains("The conversation so far"));

        // Cy speaks in the next round, after Ada and Bo: the end of the order
        await().atMost(LONG).until(() -> world.entries(id, "relay").stream()
                .anyMatch(e -> e.path("from").asText().equals("Cy")));
        List<String> after = new ArrayList<>();
        List<JsonNode> journal = world.journal(id);
        for (int i = joinedAt; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("kind").asText().equals("announce")) {
                String prompt = e.path("prompt").asText();
                if (prompt.equals("phase")) {
                    after.add("phase");
                } else if (prompt.equals("turn")) {
                    after.add(e.path("member").asText());
                }
            }
        }
        int cyFirst = after.indexOf("Cy");
        assertTrue(cyFirst >= 3, () -> "turns after the join: " + after);
        assertEquals(List.of("phase", "Ada", "Bo", "Cy"), after.subList(cyFirst - 3, cyFirst + 1), after::toString);
        JsonNode status = Ceremonies.status(world, id);
        List<String> order = new ArrayList<>();
        status.path("order").forEach(n -> order.add(n.asText()));
        if (!status.path("state").asText().equals("closed")) {
            assertEquals(List.of("Ada", "Bo", "Cy"), order, status.toString());
        }
        // the rest of the breath proves nothing more about the join: end it here
        world.call(null, "end_gathering", World.args().put("gathering", id).put("now", true));
        await().atMost(LONG).until(() -> !world.entries(id, "close").isEmpty());
        Ceremonies.assertNothingTypedAfterClose(world, id);
    }

    @Test
    void joinRefusesWhatCannotJoin() throws Exception {
        // Ada holds the piece and stays silent (a sim that answers only the harvest prompt), so the
        // gathering is still open for the CLI's join at the end: in digest hearing two quick sims
        // finished minimal before it came (a clean-clone run)
        JsonNode started = Ceremonies.start(
                world,
                Ceremonies.args("minimal", "Ada:speaker:harvester", "Bo:speaker:speaker", "Hal:harvester:harvester")
                        .put("beat_interval_seconds", 60));
        String id = started.path("gathering_id").asText();
        assertRefused(World.args().put("gathering", id).put("name", "ada").put("agent", "speaker"), "already has");
        assertRefused(World.args().put("gathering", id).put("name", "Cy").put("agent", "nosuchagent"), "Cy:");
        assertRefused(World.args().put("gathering", id).put("name", "Cy").put("pane", "%9999"), "not a live pane");
        assertRefused(
                World.args()
                        .put("gathering", id)
                        .put("name", "Cy")
                        .put("pane", Ceremonies.pane(started, "Bo").id()),
                "already in " + id);
        assertRefused(World.args().put("gathering", "g-nope").put("name", "Cy"), "no running gathering g-nope");
        JsonNode twice = world.call(
                Ceremonies.pane(started, "Ada"),
                "join",
                World.args().put("gathering", id).put("name", "Ada2"));
        assertTrue(twice.path("error").asText().contains("you are already in " + id + " as Ada"), twice.toString());
        assertTrue(world.entries(id, "join").isEmpty(), "a refused join is not journalled");

        // the CLI is a thin client of the op: an existing pane joins
        Pane other = world.sim("Di");
        Cli.Result r = Cli.run(home, Optional.of(world.socket), "join", id, "--name", "Di", "--pane", other.id());
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().startsWith("Di (4) joined " + id + " in pane " + other.id()), r.out());
        Cli.Result both = Cli.run(home, Optional.of(world.socket), "join", id, "--name", "Ed");
        assertNotEquals(0, both.code(), both.out());
        assertFalse(both.out().contains("Exception"), both.out());
        assertEquals(
                0,
                Cli.run(home, Optional.of(world.socket), "end", "--now", "--operator", id)
                        .code());
    }

    @Test
    void aJoinTheGatheringRefusesIsNeverJournalled() throws Exception {
        // Hal harvests as a speaker sim, which never answers the harvest prompt: once asked, the
        // gathering stands harvesting (until its harvest time is up, a minute on) and refuses joins
        JsonNode started = Ceremonies.start(
                world,
                Ceremonies.args("minimal", "Ada:speaker:speaker", "Bo:speaker:speaker", "Hal:harvester:speaker"));
        String id = started.path("gathering_id").asText();
        await().atMost(LONG).until(() -> world.entries(id, "private").stream()
                .anyMatch(e -> e.path("prompt").asText().equals("harvest")));

        assertRefused(World.args().put("gathering", id).put("name", "Pat"), "harvesting; nobody joins now");
        // the gathering refused it on its lane before anything was journalled: no join, so no leaving
        assertEquals(List.of(), world.entries(id, "join"));
        assertTrue(
                world.entries(id, "left").stream()
                        .noneMatch(e -> e.path("from").asText().equals("Pat")),
                () -> world.entries(id, "left").toString());
        world.call(null, "end_gathering", World.args().put("gathering", id).put("now", true));
    }

    private void assertRefused(ObjectNode args, String why) throws Exception {
        JsonNode r = world.call(null, "join", args);
        assertFalse(r.path("ok").asBoolean(), r.toString());
        assertTrue(r.path("error").asText().contains(why), () -> "expected '" + why + "' in " + r);
    }

    private int indexOfKind(String id, String kind) {
        List<JsonNode> journal = world.journal(id);
        for (int i = 0; i < journal.size(); i++) {
            if (journal.get(i).path("kind").asText().equals(kind)) {
                return i;
            }
        }
        throw new AssertionError("no " + kind + " in " + journal);
    }

    private static String firstWords(String text) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.length() > 40 ? flat.substring(0, 40) : flat;
    }
}
