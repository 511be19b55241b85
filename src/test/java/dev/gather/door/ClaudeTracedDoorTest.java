package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claude's evidence of a message handed through its door: the prompt hook is watched from before the
 * message is sent (an idle Claude runs it before the door's receipt window has passed, which stalled a
 * gathering), and its transcript tells a message taken, still queued, or never there.
 */
class ClaudeTracedDoorTest {
    private static final String PANE = "%7";

    @TempDir
    Path dir;

    FakeClaudeInbox claude;
    ClaudeDoors doors;
    Path transcript;

    @BeforeEach
    void start() throws Exception {
        claude = new FakeClaudeInbox(dir.resolve("4242.sock"));
        transcript = dir.resolve("0b6f.jsonl");
        doors = new ClaudeDoors(
                        pane -> Optional.of(new ClaudeMessaging(claude.socket, "ee71ec63611aa359010032afd776127a")),
                        late -> {},
                        new ClaudeSocketDoor.Timing(Duration.ofSeconds(2), Duration.ofMillis(300)))
                .transcripts(pane -> Optional.of(transcript));
    }

    @AfterEach
    void stop() throws Exception {
        doors.close();
        claude.close();
    }

    private Door door() {
        return doors.forPane(PANE, doors.traces()).orElseThrow();
    }

    @Test
    void aPromptHookThatComesBeforeTheReceiptWindowClosedCountsAsTaken() throws Exception {
        String text = "[Bo] (2):\n\n(Bo listens)";
        claude.onAccepted(m -> doors.traces()
                .prompt(PANE, t -> t.equals(m.path("message").path("content").asText()), "UserPromptSubmit"));
        Door door = door();

        Handover h = door.hand(new Parcel("g#2 to Ada in %7", text)).get(5, TimeUnit.SECONDS);

        assertInstanceOf(Handover.Handed.class, h, h.toString());
        Door.Trace trace = door.trace("g#2 to Ada in %7").orElseThrow();
        assertEquals("UserPromptSubmit", trace.taken().getNow("not taken"));
    }

    @Test
    void aPromptHookEndsTheReceiptWindowAtOnce() throws Exception {
        // a window far longer than the wait below: only the hook can answer in time
        try (ClaudeDoors slow = new ClaudeDoors(
                pane -> Optional.of(new ClaudeMessaging(claude.socket, "ee71ec63611aa359010032afd776127a")),
                late -> {},
                new ClaudeSocketDoor.Timing(Duration.ofSeconds(2), Duration.ofSeconds(60)))) {
            String text = "[Bo] (2):\n\nNumber 27. I pass the piece.";
            claude.onAccepted(m -> slow.traces()
                    .prompt(
                            PANE,
                            t -> t.equals(m.path("message").path("content").asText()),
                            "UserPromptSubmit"));
            Door door = slow.forPane(PANE, slow.traces()).orElseThrow();

            Handover h = door.hand(new Parcel("g#9 to Ada in %7", text)).get(10, TimeUnit.SECONDS);

            assertInstanceOf(Handover.Handed.class, h, h.toString());
            assertTrue(((Handover.Handed) h).how().contains("UserPromptSubmit"), h.toString());
            assertEquals(
                    "UserPromptSubmit",
                    door.trace("g#9 to Ada in %7").orElseThrow().taken().getNow("not taken"));
        }
    }

    @Test
    void aRefusedMessageLeavesNoWatchBehindForTheTypedPromptToMatch() throws Exception {
        claude.answer(new FakeClaudeInbox.Answer("expired", "refused", "crossSessionInbound is refuse"));
        Door door = door();
        assertInstanceOf(
                Handover.Refused.class,
                door.hand(new Parcel("g#3", "typed instead")).get(5, TimeUnit.SECONDS));
        assertTrue(door.trace("g#3").isEmpty());
        // the same words, typed now, start a turn of the keystroke path: no door watch claims them
        Door.Trace later = doors.traces().trace(PANE, new Parcel("g#4", "typed instead"));
        doors.traces().prompt(PANE, "typed instead"::equals, "hook");
        assertEquals("hook", later.taken().getNow("not taken"));
    }

    @Test
    void aDeclineIsAboutOneParcelNeverAnotherMembersWithTheSameWords() {
        String words = "[Cy] (3): the same words for everyone";
        Door.Trace ada = doors.traces().trace("%1", new Parcel("g#7 to Ada in %1", words));
        Door.Trace bo = doors.traces().trace("%2", new Parcel("g#7 to Bo in %2", words));

        doors.traces().declined("g#7 to Ada in %1", "Claude refused it");

        assertTrue(ada.taken().isCompletedExceptionally(), "Ada's copy is typed instead");
        assertFalse(bo.taken().isDone(), "Bo's Claude may have its copy queued: it is still awaited");
        doors.traces().prompt("%2", words::equals, "UserPromptSubmit");
        assertEquals("UserPromptSubmit", bo.taken().getNow("not taken"));
    }

    @Test
    void theTranscriptTellsTakenQueuedOrNeverThereCountingOnlyLinesFromTheHandover() throws Exception {
        String text = "[Ada] (1):\n\n(Ada listens)";
        Instant before = Instant.now().minusSeconds(60);
        // the same words relayed a minute ago: they say nothing of this message
        Files.writeString(transcript, enqueue(before, text) + user(before, text));
        Door door = door();
        Parcel parcel = new Parcel("g#5", text);
        door.hand(parcel).get(5, TimeUnit.SECONDS);

        assertEquals(Door.Whereabouts.Kind.MISSING, door.whereabouts(parcel).kind());
        Instant now = Instant.now().plusMillis(5);
        Files.writeString(transcript, enqueue(now, text), StandardOpenOption.APPEND);
        assertEquals(Door.Whereabouts.Kind.WAITING, door.whereabouts(parcel).kind());
        Files.writeString(transcript, user(now, text), StandardOpenOption.APPEND);
        Door.Whereabouts taken = door.whereabouts(parcel);
        assertEquals(Door.Whereabouts.Kind.TAKEN, taken.kind());
        assertTrue(taken.how().contains("claude transcript shows it"), taken.how());
        assertEquals(Optional.of(now), taken.takenAt(), "when the turn took it, by the transcript");
    }

    @Test
    void withoutATranscriptTheDoorCannotTell() throws Exception {
        Files.deleteIfExists(transcript);
        Door door = door();
        Parcel hello = new Parcel("g#6", "hello");
        door.hand(hello).get(5, TimeUnit.SECONDS);
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, door.whereabouts(hello).kind());
    }

    /** A queue-operation line as 2.1.330 writes it when its inbox queues a message. */
    private static String enqueue(Instant at, String text) throws Exception {
        var line = FakeClaudeInboxJson.object()
                .put("type", "queue-operation")
                .put("operation", "enqueue")
                .put("timestamp", at.toString())
                .put("content", text);
        return line + "\n";
    }

    /** The user message of the turn Claude started with an inbox message. */
    private static String user(Instant at, String text) throws Exception {
        var line = FakeClaudeInboxJson.object().put("type", "user").put("timestamp", at.toString());
        line.putObject("message")
                .put("role", "user")
                .put(
                        "content",
                        "Another Claude session sent a message:\n" + text
                                + "\n\nThis came from another Claude session.");
        return line + "\n";
    }

    private static final class FakeClaudeInboxJson {
        static ObjectNode object() {
            return new ObjectMapper().createObjectNode();
        }
    }
}
