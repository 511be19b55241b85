package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.journal.FailingDisk;
import dev.gather.relay.Replies;
import dev.gather.testing.Beside;
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
 * The journal is the truth: while it cannot be written (a full disk, a read-only file) turns wait in
 * the spool, the link says it is degraded, senders get an error; once it can, they go out in order.
 */
@Beside
class JournalFaultTest {
    private static final String SILENT = "never-matches-anything";

    private final FailingDisk disk = new FailingDisk();

    @RegisterExtension
    final Worlds worlds = Worlds.bare().onDisk(disk);

    World world;

    @ParameterizedTest
    @EnumSource(
            value = FailingDisk.Mode.class,
            names = {"FULL", "READ_ONLY"})
    void turnsWaitInTheSpoolWhileTheJournalFailsAndGoOutInOrderAfter(FailingDisk.Mode failure) throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);
        JsonNode linked = world.call(
                ada, "send", World.args().put("to", "Bo").put("message", "hi").put("direct", true));
        assertTrue(linked.path("ok").asBoolean(), linked.toString());
        String link = linked.path("link").path("id").asText();

        disk.set(failure);
        Spool spool = new Spool(world.state.spool());
        Path first = spool.drop(World.simTurn(ada.id(), 1, "first while the disk fails"));
        Path second = spool.drop(World.simTurn(ada.id(), 2, "second while the disk fails"));
        String why = failure == FailingDisk.Mode.FULL ? "No space left on device" : "Read-only file system";
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.degraded(link).equals("cannot write journal (" + why + ")"));
        // (Bo's own turn end for "hi" may be on its way through the spool too)
        assertTrue(Files.exists(first) && Files.exists(second), "both turns are still in the spool");
        JsonNode status = world.call(null, "status", World.args());
        assertEquals(
                "cannot write journal (" + why + ")",
                status.path("degraded").path(link).asText(),
                status.toString());

        JsonNode reply = world.call(
                bo,
                "send",
                World.args().put("to", "Ada").put("message", "are you there?").put("direct", true));
        assertFalse(reply.path("ok").asBoolean(), reply.toString());
        assertTrue(reply.path("error").asText().contains("cannot write journal"), reply.toString());
        JsonNode oneShot = world.call(bo, "send", World.args().put("to", "Ada").put("message", "one shot"));
        assertFalse(oneShot.path("ok").asBoolean(), oneShot.toString());
        assertFalse(world.screen(bo).contains("disk fails"), "nothing that is not journalled is delivered");
        assertFalse(world.screen(ada).contains("are you there?"));

        disk.set(FailingDisk.Mode.HEALTHY);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.entries(link, "relay").size() == 3);
        assertEquals(
                List.of("hi", "first while the disk fails", "second while the disk fails"),
                world.entries(link, "relay").stream()
                        .map(e -> e.path("text").asText())
                        .toList());
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("second while the disk fails"));
        String screen = world.screen(bo);
        assertTrue(
                screen.indexOf("first while the disk fails") < screen.indexOf("second while the disk fails"), screen);
        assertEquals("", world.degraded(link));
        // a spool file goes once its turn is journalled and handed on, which may be a moment after the
        // words are on screen
        await().atMost(Duration.ofSeconds(10)).until(() -> count(spool.incoming()) == 0);
        // every line of the journal is whole: nothing was glued onto a torn entry
        for (String line : Files.readAllLines(world.state.journals().resolve(link + ".jsonl"))) {
            World.JSON.readTree(line);
        }
    }

    @Test
    void aOneShotReplyTheJournalRefusedIsSentOnceTheJournalTakesIt() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        // Bo thinks long: its own turn end, wordless or not, would be the reply; the one under test is dropped below
        Pane bo = world.sim("Bo", "--think-ms", "60000");
        JsonNode asked = world.call(ada, "send", World.args().put("to", "Bo").put("message", "count the tests"));
        assertEquals("expected", asked.path("reply").asText(), asked.toString());
        await().atMost(Duration.ofSeconds(30)).until(() -> world.journal(Replies.JOURNAL).stream()
                .anyMatch(e -> e.path("kind").asText().equals("delivery")
                        && e.path("state").asText().equals("delivered")));

        disk.set(FailingDisk.Mode.FULL);
        Spool spool = new Spool(world.state.spool());
        spool.drop(World.simTurn(bo.id(), 1, "there are twelve"));
        // the turn end reached the reply, which the journal refused: the turn stays in the spool
        await().atMost(Duration.ofSeconds(30)).until(() -> world.call(null, "status", World.args())
                .path("degraded")
                .has(Replies.JOURNAL));
        assertEquals(1, count(spool.incoming()));
        assertFalse(world.screen(ada).contains("there are twelve"), "nothing that is not journalled is delivered");

        disk.set(FailingDisk.Mode.HEALTHY);
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(ada).contains("there are twelve"));
        assertEquals(1, world.entries(Replies.JOURNAL, "reply").size());
        await().atMost(Duration.ofSeconds(10)).until(() -> count(spool.incoming()) == 0);
    }

    /**
     * A direct link whose handshake the journal refused is not made: the caller hears the error and
     * its next try makes it, journalled, so a restarted daemon can re-open it.
     */
    @Test
    void aDirectLinkWhoseHandshakeTheJournalRefusedIsMadeWholeByTheNextTry() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        world.sim("Bo", "--reply-when", SILENT);
        disk.set(FailingDisk.Mode.FULL);
        JsonNode refused = world.call(
                ada, "send", World.args().put("to", "Bo").put("message", "hi").put("direct", true));
        assertFalse(refused.path("ok").asBoolean(), refused.toString());
        assertEquals(0, world.call(null, "status", World.args()).path("links").size(), "no link without its handshake");

        disk.set(FailingDisk.Mode.HEALTHY);
        JsonNode linked = world.call(
                ada, "send", World.args().put("to", "Bo").put("message", "hi").put("direct", true));
        assertTrue(linked.path("ok").asBoolean(), linked.toString());
        String link = linked.path("link").path("id").asText();
        assertEquals(1, world.entries(link, "handshake").size(), String.valueOf(world.journal(link)));
    }

    private static long count(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }
}
