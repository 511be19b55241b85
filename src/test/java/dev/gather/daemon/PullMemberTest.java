package dev.gather.daemon;

import static dev.gather.daemon.Ceremonies.adaBoAndHal;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.Transcript;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.turn.TurnOutput;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Members without a pane (issue 17) with sims in real tmux: join, hear from a cursor (the same
 * cursor reads the same), say only with the piece, who with states, away then gone when they stop
 * hearing; in a link as in a gathering.
 */
@Beside
class PullMemberTest {
    private static final Duration LONG = Duration.ofSeconds(90);

    @RegisterExtension
    final Worlds worlds = Worlds.withSimAgents();

    World world;

    @Test
    void aMemberWithoutAPaneHearsEveryTurnAndSpeaksWithThePiece() throws Exception {
        JsonNode started = Ceremonies.start(
                world, adaBoAndHal("minimal").put("beat_interval_seconds", 8).put("grace_seconds", 8));
        String id = started.path("gathering_id").asText();
        JsonNode joined =
                world.call(null, "join", World.args().put("gathering", id).put("name", "Pat"));
        // it once found the gathering closed already, on one core: the journal says why next time
        assertTrue(
                joined.path("ok").asBoolean(),
                () -> "join: " + joined + "\n" + String.join("\n", Transcript.readable(world.journal(id))));
        String token = joined.path("token").asText();
        assertTrue(token.startsWith("pull-"), joined.toString());
        assertTrue(joined.path("member").path("pane").isNull(), joined.toString());
        long start = joined.path("cursor").asLong();

        JsonNode refused =
                world.call(null, "say", World.args().put("token", token).put("text", "me first!"));
        if (!refused.path("ok").asBoolean()) {
            assertTrue(refused.path("error").asText().contains("only the holder is heard"), refused.toString());
        }

        // hear until it holds the piece, keeping every entry by its number
        Map<Long, JsonNode> heard = new TreeMap<>();
        long[] cursor = {start};
        await().atMost(LONG).until(() -> {
            JsonNode h = call("hear", World.args().put("token", token).put("after", cursor[0]));
            h.path("entries").forEach(e -> heard.put(e.path("ref").asLong(), e));
            cursor[0] = h.path("cursor").asLong();
            return h.path("you_hold_the_piece").asBoolean();
        });
        JsonNode seed = heard.values().stream()
                .filter(e -> e.path("kind").asText().equals("private"))
                .findFirst()
                .orElseThrow();
        assertEquals("seed", seed.path("prompt").asText());
        assertTrue(seed.path("private").asBoolean());
        assertTrue(seed.path("text").asText().startsWith("You are Pat (4)"), seed.toString());

        // while Pat holds the piece the gathering is surely open (quick sims may finish it soon after)
        JsonNode who = call("who", World.args().put("token", token));
        List<String> states = new ArrayList<>();
        who.path("members")
                .forEach(m -> states.add(
                        m.path("name").asText() + ":" + m.path("state").asText()));
        assertTrue(states.contains("Pat:present"), states::toString);
        assertEquals(4, states.size(), states::toString);

        JsonNode said = call(
                "say", World.args().put("token", token).put("text", "Pat here: ship it on Friday. I pass the piece."));
        assertTrue(said.path("relayed").asBoolean(), said.toString());
        Pane ada = Ceremonies.pane(started, "Ada");
        await().atMost(LONG).until(() -> world.screen(ada).contains("[Pat] (4):"));
        await().atMost(LONG).until(() -> world.screen(ada).contains("ship it on Friday"));
        // its pass phrase moved the piece, as anyone's
        await().atMost(LONG).until(() -> !"Pat".equals(Ceremonies.holder(world, id)));

        // the same cursor reads the same again (the live gathering may have added entries meanwhile)
        JsonNode once = call("hear", World.args().put("token", token).put("after", start));
        JsonNode again = call("hear", World.args().put("token", token).put("after", start));
        assertTrue(again.path("entries").size() >= once.path("entries").size(), again::toString);
        for (int i = 0; i < once.path("entries").size(); i++) {
            assertEquals(
                    once.path("entries").get(i).toString(),
                    again.path("entries").get(i).toString());
        }

        JsonNode ended = world.call(
                null, "end_gathering", World.args().put("gathering", id).put("now", true));
        assertTrue(
                ended.path("ok").asBoolean() || ended.path("error").asText().contains("already closed"),
                ended::toString);
        JsonNode last = call("hear", World.args().put("token", token).put("after", start));
        List<Long> relaysToPat = new ArrayList<>();
        List<JsonNode> journal = world.journal(id);
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("kind").asText().equals("relay")) {
                boolean toPat = false;
                for (JsonNode t : e.path("to")) {
                    toPat |= t.asText().equals("Pat");
                }
                if (toPat) {
                    relaysToPat.add(i + 1L);
                }
                if (e.path("from").asText().equals("Pat")) {
                    assertTrue(e.path("text").asText().contains("ship it on Friday"), e.toString());
                }
            }
        }
        List<Long> relaysHeard = new ArrayList<>();
        last.path("entries").forEach(e -> {
            if (e.path("kind").asText().equals("relay")) {
                relaysHeard.add(e.path("ref").asLong());
                assertTrue(
                        e.path("typed").asText().startsWith("[" + e.path("from").asText() + "] ("));
            }
        });
        assertFalse(relaysToPat.isEmpty());
        assertEquals(relaysToPat, relaysHeard, "every relayed turn since it joined, once, in order");
        assertTrue(last.path("entries").findValuesAsText("kind").contains("close"), last.toString());
    }

    @Test
    void aMemberThatStopsHearingIsAwayThenGone() throws Exception {
        // Ada holds the piece and stays silent (a sim that answers only the harvest prompt), so the
        // gathering is still open when Quin joins: in digest hearing two quick sims finished minimal
        // before the join came
        JsonNode started = Ceremonies.start(
                world,
                Ceremonies.args("minimal", "Ada:speaker:harvester", "Bo:speaker:speaker", "Hal:harvester:harvester")
                        .put("beat_interval_seconds", 60));
        String id = started.path("gathering_id").asText();
        JsonNode joined = call(
                "join",
                World.args()
                        .put("gathering", id)
                        .put("name", "Quin")
                        .put("away_after_seconds", 1)
                        .put("leave_after_seconds", 6));
        String token = joined.path("token").asText();
        await().atMost(LONG).until(() -> !world.entries(id, "away").isEmpty());
        assertEquals("Quin", world.entries(id, "away").get(0).path("from").asText());
        JsonNode who = call("who", World.args().put("gathering", id));
        assertTrue(who.toString().contains("\"name\":\"Quin\""), who.toString());
        JsonNode quin = null;
        for (JsonNode m : who.path("members")) {
            if (m.path("name").asText().equals("Quin")) {
                quin = m;
            }
        }
        // hearing brings it back; then it stops for good
        assertEquals("away", quin == null ? "" : quin.path("state").asText(), who.toString());
        assertTrue(Ceremonies.status(world, id).path("members").toString().contains("\"presence\":\"away\""));
        call("hear", World.args().put("token", token));
        await().atMost(LONG).until(() -> world.entries(id, "left").stream()
                .anyMatch(e -> e.path("from").asText().equals("Quin")));
        assertTrue(Ceremonies.announced(world, id, "left").stream().anyMatch(t -> t.startsWith("Quin (4)")));
        JsonNode gone = world.call(null, "hear", World.args().put("token", token));
        assertFalse(gone.path("ok").asBoolean());
        assertTrue(gone.path("error").asText().contains("join again"), gone.toString());
        JsonNode status = Ceremonies.status(world, id);
        assertFalse(status.path("members").toString().contains("Quin"), status.toString());
        JsonNode ended = world.call(
                null, "end_gathering", World.args().put("gathering", id).put("now", true));
        assertTrue(
                ended.path("ok").asBoolean() || ended.path("error").asText().contains("already closed"),
                ended::toString);
    }

    @Test
    void aMemberWithoutAPaneTalksInALink() throws Exception {
        String silent = "never-matches-anything";
        Pane ada = world.startSim("Ada", "--reply-when", silent);
        Pane bo = world.startSim("Bo", "--reply-when", silent);
        await().atMost(LONG)
                .until(() -> world.screen(ada).contains("Ada is ready.")
                        && world.screen(bo).contains("Bo is ready."));
        String link = world.link(ada, bo.id(), "hello Bo");
        JsonNode joined = call("join", World.args().put("link", link).put("name", "Pat"));
        String token = joined.path("token").asText();
        JsonNode said = call("say", World.args().put("token", token).put("text", "Pat joins the two of you"));
        assertTrue(said.path("relayed").asBoolean());
        await().atMost(LONG).until(() -> world.screen(ada).contains("[Pat] (3):"));
        await().atMost(LONG).until(() -> world.screen(bo).contains("Pat joins the two of you"));
        world.daemon.relay.onTurnOutput(new TurnOutput(bo.id(), "sim", "welcome, Pat", Instant.now()));
        JsonNode h = call("hear", World.args().put("token", token));
        List<String> texts = h.path("entries").findValuesAsText("text");
        assertTrue(texts.contains("welcome, Pat"), h.toString());
        assertFalse(texts.contains("Pat joins the two of you"), "its own words are not heard back: " + h);
        JsonNode left = call("leave", World.args().put("token", token));
        assertTrue(left.path("left").asBoolean());
        assertEquals(
                2,
                world.daemon.links.byId(link).orElseThrow().snapshot().members().size());
    }

    private JsonNode call(String op, ObjectNode args) throws Exception {
        JsonNode r = world.call(null, op, args);
        assertTrue(r.path("ok").asBoolean(), () -> op + ": " + r);
        return r;
    }
}
