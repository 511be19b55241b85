package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message queued on Codex's control socket is told in the transcript by the client id it was queued
 * with, which Codex writes on the turn's user-message item right after the words (as 0.169 does): not
 * by its words, which another message may share. Where the transcript names no client id, the words
 * decide, as they do for a message {@code codex queue} sent.
 */
class CodexClientIdTest {
    private static final String WORDS = "[Ada] (1):\n\nok";
    private static final Duration PATIENT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @AutoClose
    private TranscriptFile transcript;

    private CodexRollout rollout() throws Exception {
        transcript = new TranscriptFile(dir);
        return transcript.rollout();
    }

    private void append(String... lines) throws Exception {
        transcript.append(lines);
    }

    private static String words(String at, String text) {
        return "{\"timestamp\":\"" + at + "\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\","
                + "\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"" + text.replace("\n", "\\n")
                + "\"}]}}";
    }

    /** The user-message item Codex writes after the words; {@code clientId} null: one that names none. */
    private static String item(String clientId) {
        return "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"item_completed\",\"item\":{"
                + "\"type\":\"UserMessage\",\"id\":\"u\""
                + (clientId == null ? "" : ",\"client_id\":\"" + clientId + "\"")
                + "}}}";
    }

    private static String end(String turn) {
        return "{\"timestamp\":\"" + turn + "\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\","
                + "\"turn_id\":\"" + turn + "\"}}";
    }

    @Test
    void aTurnWithTheSameWordsAndAnotherClientIdIsNotThisMessagesTurn() throws Exception {
        CodexRollout r = rollout();
        Door.Trace trace = r.watch(r.end(), WORDS, Optional.of("id-2"), PATIENT).trace();
        append(words("t1", WORDS), item("id-1"), end("turn-1"));
        assertFalse(trace.look().endedBefore(Optional.of("turn-1")), "a turn that did not take it: it waits for one");
        assertFalse(trace.taken().isDone(), "the same words under another client id are another message");

        append(words("t2", WORDS), item("id-2"));
        assertTrue(trace.taken().get(5, TimeUnit.SECONDS).contains("t2"), "its own turn took it");
        assertTrue(
                trace.taken().join().contains("client id id-2"), trace.taken().join());
        assertFalse(trace.ended().isDone());
        append(end("turn-2"));
        assertTrue(trace.ended().get(5, TimeUnit.SECONDS).contains("turn-2"));
    }

    @Test
    void itsClientIdTellsItsTurnWhateverWordsTheTranscriptShows() throws Exception {
        CodexRollout r = rollout();
        Door.Trace trace = r.watch(r.end(), WORDS, Optional.of("id-3"), PATIENT).trace();
        append(words("t1", "the words as Codex wrote them back"), item("id-3"));
        assertTrue(trace.taken().get(5, TimeUnit.SECONDS).contains("t1"));
    }

    @Test
    void aTranscriptThatNamesNoClientIdIsReadByTheWords() throws Exception {
        CodexRollout r = rollout();
        Door.Trace noItems =
                r.watch(r.end(), WORDS, Optional.of("id-4"), PATIENT).trace();
        Door.Trace itemWithoutId =
                r.watch(r.end(), "other words", Optional.of("id-5"), PATIENT).trace();
        // no item follows the words: the turn end that comes next both takes and ends it
        append(words("t1", WORDS), end("turn-1"));
        assertTrue(noItems.taken().get(5, TimeUnit.SECONDS).contains("t1"));
        assertTrue(noItems.ended().get(5, TimeUnit.SECONDS).contains("turn-1"));
        assertFalse(itemWithoutId.taken().isDone(), "other words");
        append(words("t2", "other words"), item(null));
        assertTrue(itemWithoutId.taken().get(5, TimeUnit.SECONDS).contains("t2"));
    }

    /** The door queues each message with an id of its own and watches for that id, not for its words. */
    @Test
    void twoMessagesOfTheSameWordsThroughTheControlSocketAreEachTakenByTheirOwnTurn() throws Exception {
        CodexRollout r = rollout();
        CodexQueueDoor door = new CodexQueueDoor(
                dir.resolve("no-codex-program"),
                Optional.of(dir.resolve("h").resolve(CodexControl.SOCKET)),
                Map.of("PATH", System.getenv("PATH")),
                TranscriptFile.THREAD,
                Optional.of(r),
                Runnable::run,
                Duration.ofSeconds(30));
        try (FakeCodexControl server =
                new FakeCodexControl(dir.resolve("h").resolve(CodexControl.SOCKET), CodexClientIdTest::queues, true)) {
            assertInstanceOf(
                    Handover.Handed.class, door.hand(new Parcel("j#1", WORDS)).join());
            assertInstanceOf(
                    Handover.Handed.class, door.hand(new Parcel("j#2", WORDS)).join());
            List<String> ids = server.read.stream()
                    .filter(m -> m.path("method").asText().equals("thread/queue/add"))
                    .map(m -> m.at("/params/clientUserMessageId").asText())
                    .toList();
            assertEquals(2, ids.size());
            assertFalse(ids.get(0).equals(ids.get(1)), "each message its own id");
            Door.Trace first = door.trace("j#1").orElseThrow();
            Door.Trace second = door.trace("j#2").orElseThrow();

            append(words("t1", WORDS), item(ids.get(0)));
            assertTrue(first.taken().get(5, TimeUnit.SECONDS).contains("t1"));
            append(end("turn-1"));
            first.ended().get(5, TimeUnit.SECONDS);
            assertFalse(second.taken().isDone(), "the first message's turn did not take the second");
            assertEquals(
                    Door.Whereabouts.Kind.UNKNOWN,
                    door.whereabouts(new Parcel("j#2", WORDS)).kind());

            append(words("t2", WORDS), item(ids.get(1)));
            assertTrue(second.taken().get(5, TimeUnit.SECONDS).contains("t2"));
        }
    }

    private static List<String> queues(JsonNode request) {
        String method = request.path("method").asText();
        if (method.equals("initialize")) {
            return List.of(FakeCodexControl.result(request, "{\"userAgent\":\"fake\"}"));
        }
        if (method.equals("thread/queue/add")) {
            return List.of(FakeCodexControl.result(request, "{\"queuedSubmission\":{\"id\":\"s-1\"}}"));
        }
        return List.of();
    }
}
