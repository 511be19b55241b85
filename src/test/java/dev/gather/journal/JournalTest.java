package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {
    @TempDir
    Path dir;

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);

    @Test
    void anEntryIsOnDiskWhenAppendReturns() throws IOException {
        try (Journals journals = new Journals(dir, clock)) {
            journals.of("link-1")
                    .append(Journal.entry("relay").put("from", "Ada").put("text", "hello"));
            // read through the file system, not the journal: what a crash right now would leave
            List<String> lines = Files.readAllLines(dir.resolve("link-1.jsonl"));
            assertEquals(
                    List.of(
                            "{\"time\":\"2026-11-23T10:00:00Z\",\"kind\":\"relay\",\"from\":\"Ada\",\"text\":\"hello\"}"),
                    lines);
        }
    }

    @Test
    void aTornLastLineIsSkippedAndEverythingBeforeItIsRead() throws IOException {
        try (Journals journals = new Journals(dir, clock)) {
            journals.of("g-1").append(Journal.entry("relay").put("text", "one"));
            journals.of("g-1").append(Journal.entry("relay").put("text", "two"));
        }
        Files.writeString(dir.resolve("g-1.jsonl"), "{\"kind\":\"relay\",\"te", StandardOpenOption.APPEND);
        List<JsonNode> entries = Transcript.read(dir.resolve("g-1.jsonl"));
        assertEquals(
                List.of("one", "two"),
                entries.stream().map(e -> e.path("text").asText()).toList());
    }

    @Test
    void idsCannotNameAPathOutsideTheDirectory() {
        Journals journals = new Journals(dir, clock);
        assertThrows(IllegalArgumentException.class, () -> journals.file("../etc/passwd"));
        assertThrows(IllegalArgumentException.class, () -> journals.of("a/b"));
    }

    @Test
    void chooseTakesTheGivenIdOrTheMostRecent() throws IOException {
        try (Journals journals = new Journals(dir, clock)) {
            IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> journals.choose(null));
            assertTrue(none.getMessage().startsWith("no journals yet"));
            journals.of("old").append(Journal.entry("relay"));
            Files.setLastModifiedTime(
                    dir.resolve("old.jsonl"),
                    java.nio.file.attribute.FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
            journals.of("new").append(Journal.entry("relay"));
            assertEquals("new", journals.choose(null));
            assertEquals("old", journals.choose("old"));
            IllegalArgumentException missing =
                    assertThrows(IllegalArgumentException.class, () -> journals.choose("nope"));
            assertTrue(missing.getMessage().contains("known: [new, old]"), missing.getMessage());
        }
    }

    @Test
    void transcriptLinesReadAsAPersonWould() throws IOException {
        try (Journals journals = new Journals(dir, clock)) {
            var relay = Journal.entry("relay").put("from", "Ada").put("text", "line one\nline two");
            relay.putArray("to").add("Bo").add("Cy");
            journals.of("g-2").append(relay);
            journals.of("g-2")
                    .append(Journal.entry("private")
                            .put("to", "Bo")
                            .put("prompt", "beat")
                            .put("text", "[Beat 1/2]"));
        }
        List<String> readable = Transcript.read(dir.resolve("g-2.jsonl")).stream()
                .map(Transcript::readable)
                .toList();
        assertEquals("10:00:00  Ada -> Bo, Cy\n    line one\n    line two", readable.get(0));
        assertEquals("10:00:00  (private to Bo, beat)\n    [Beat 1/2]", readable.get(1));
    }
}
