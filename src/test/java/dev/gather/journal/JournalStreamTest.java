package dev.gather.journal;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalStreamTest {
    @TempDir
    Path dir;

    private List<String> read(Optional<String> only, long after) throws Exception {
        List<String> seen = new ArrayList<>();
        new JournalStream(dir, only, after, false)
                .run(
                        e -> seen.add(e.path("journal").asText() + "#"
                                + e.path("n").asLong() + " " + e.path("event").asText()),
                        () -> false);
        return seen;
    }

    @Test
    void numbersCountAsTranscriptReadDoesAndTheCursorSkips() throws Exception {
        try (Journals journals = new Journals(dir, Clock.systemUTC())) {
            journals.of("g-1").append(start("g-1"));
            journals.of("g-1")
                    .append(new Message.Announce(
                            Announcement.TURN,
                            "g-1",
                            "Ada has the piece",
                            "Ada",
                            0,
                            1,
                            1,
                            List.of(),
                            Map.of(),
                            Map.of()));
        }
        // a line torn by a crash, then a whole one: the torn one is neither shown nor counted
        Files.writeString(
                dir.resolve("g-1.jsonl"), "{\"kind\":\"rel\n{\"kind\":\"close\"}\n", StandardOpenOption.APPEND);
        assertEquals(List.of("g-1#1 start", "g-1#2 piece", "g-1#3 close"), read(Optional.of("g-1"), 0));
        assertEquals(3, Transcript.read(dir.resolve("g-1.jsonl")).size());
        assertEquals(List.of("g-1#3 close"), read(Optional.of("g-1"), 2));
    }

    @Test
    void followingSeesAppendsAndStopsWhenAsked() throws Exception {
        List<ObjectNode> seen = new CopyOnWriteArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        try (Journals journals = new Journals(dir, Clock.systemUTC())) {
            journals.of("link-1").append(new Lifecycle.Handshake("link-1", "Ada", "Bo", "%1", "%2", false, Map.of()));
            Thread follower = new Thread(() -> {
                try {
                    new JournalStream(dir, Optional.empty(), 0, true).run(seen::add, stop::get);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            follower.start();
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            journals.of("link-1")
                    .append(new Message.Relay("link-1", "Ada", false, 1, null, List.of("Bo"), List.of(), "hi"));
            journals.of("g-2").append(start("g-2"));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 3);
            stop.set(true);
            follower.join(Duration.ofSeconds(20).toMillis());
            assertEquals(false, follower.isAlive());
        }
        assertEquals("join", seen.get(0).path("event").asText());
        assertEquals("hi", seen.get(1).path("text").asText());
        assertEquals("g-2", seen.get(2).path("journal").asText());
    }

    private static Lifecycle.Start start(String id) {
        return new Lifecycle.Start(
                id,
                "gathering " + id,
                null,
                Map.of(),
                "minimal",
                "Ready?",
                null,
                null,
                null,
                Map.of(),
                false,
                List.of(),
                Map.of());
    }

    @Test
    void aCursorNeedsOneJournal() {
        assertThrows(IllegalArgumentException.class, () -> new JournalStream(dir, Optional.empty(), 3, false));
    }
}
