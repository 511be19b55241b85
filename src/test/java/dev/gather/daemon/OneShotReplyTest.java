package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.relay.Replies;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.turn.TurnOutput;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Worker mode: a one-shot send's reply reaches the sender once, and none when it is turned off. */
@Beside
class OneShotReplyTest {
    /** Ada answers nothing she is sent, so every line on her screen is what reached her. */
    private static final String SILENT = "never-matches-anything";

    @RegisterExtension
    final Worlds worlds = Worlds.bare();

    World world;

    @Test
    void theWorkersNextTurnEndComesBackToTheSenderOnce() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo");
        JsonNode answer = world.call(ada, "send", World.args().put("to", "Bo").put("message", "count the tests"));
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        assertEquals("expected", answer.path("reply").asText());

        try {
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> world.screen(ada).contains("Bo heard \"count the tests\" (reply #1)"));
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(
                    "Ada's screen:\n" + world.screen(ada) + "\nBo's screen:\n" + world.screen(bo) + "\njournal: "
                            + world.journal(Replies.JOURNAL),
                    e);
        }
        assertTrue(world.screen(ada).contains("[Bo] (2):"), world.screen(ada));
        List<JsonNode> replies = world.entries(Replies.JOURNAL, "reply");
        assertEquals(1, replies.size(), replies.toString());
        JsonNode reply = replies.get(0);
        List<JsonNode> journal = world.journal(Replies.JOURNAL);
        JsonNode request = journal.get((int) reply.path("reply_to").asLong() - 1);
        assertEquals("oneshot", request.path("kind").asText(), "reply_to names the request: " + request);
        assertEquals("count the tests", request.path("text").asText());
        assertEquals("Bo", reply.path("from").asText());
        assertEquals("Ada", reply.path("to").asText());
        assertTrue(world.daemon.links.all().isEmpty(), "worker mode makes no link");

        // Bo's later turns are not replies to Ada
        world.call(null, "send", World.args().put("to", "Bo").put("message", "and now the docs"));
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("Bo heard \"and now the docs\""));
        awaitConfirmed("and now the docs");
        assertEquals(1, world.entries(Replies.JOURNAL, "reply").size());
        assertFalse(world.screen(ada).contains("and now the docs"), world.screen(ada));
    }

    @Test
    void aTurnThatEndedBeforeTheSendIsNotItsReplyHoweverLateItIsHeard() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--think-ms", "3000");
        Instant before = Instant.now();
        JsonNode answer = world.call(ada, "send", World.args().put("to", "Bo").put("message", "count the tests"));
        assertEquals("expected", answer.path("reply").asText(), answer.toString());
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("(Bo is thinking)"));

        // Bo's start-up event, wordless and stamped before the send, heard only now (a slow spool, a
        // channel that confirmed the message by its screen): it is no answer
        world.daemon.relay.onTurnOutput(new TurnOutput(bo.id(), "sim", "", before));

        await().atMost(Duration.ofSeconds(60))
                .until(() -> world.screen(ada).contains("Bo heard \"count the tests\" (reply #1)"));
        assertFalse(world.screen(ada).contains("without words"), world.screen(ada));
        List<JsonNode> replies = world.entries(Replies.JOURNAL, "reply");
        assertEquals(1, replies.size(), replies.toString());
        assertTrue(replies.get(0).path("text").asText().contains("Bo heard"), replies.toString());
    }

    @Test
    void noReplyWhenTurnedOff() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo");
        JsonNode answer = world.tell(ada, "Bo", "fire and forget");
        assertEquals("off", answer.path("reply").asText(), answer.toString());
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("Bo heard \"fire and forget\""));
        awaitConfirmed("fire and forget");
        assertEquals(List.of(), world.entries(Replies.JOURNAL, "reply"));
        assertFalse(world.screen(ada).contains("[Bo]"), world.screen(ada));
    }

    /** Waits until the journal says Bo's turn on the one-shot message {@code text} ended. */
    private void awaitConfirmed(String text) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            List<JsonNode> journal = world.journal(Replies.JOURNAL);
            for (int i = 0; i < journal.size(); i++) {
                if (journal.get(i).path("text").asText().equals(text)) {
                    long ref = i + 1;
                    return journal.stream()
                            .anyMatch(e -> e.path("kind").asText().equals("delivery")
                                    && e.path("ref").asLong() == ref
                                    && e.path("state").asText().equals("confirmed"));
                }
            }
            return false;
        });
    }
}
