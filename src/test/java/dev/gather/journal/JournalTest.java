package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {
    @TempDir
    Path dir;

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);

    @Test
    void anEntryIsOnDiskWhenAppendReturns() throws IOException {
        try (Journals journals = new Journals(dir, clock)) {
            journals.of("link-1").append(new Kept.OutOfTurn("link-1", "Ada", "hello"));
            // read through the file system, not the journal: what a crash right now would leave
            List<String> lines = Files.readAllLines(dir.resolve("link-1.jsonl"));
            assertEquals(
                    List.of(
                            "{\"time\":\"2026-11-23T10:00:00Z\",\"kind\":\"out_of_turn\",\"link\":\"link-1\",\"from\":\"Ada\","
                                    + "\"text\":\"hello\"}"),
                    lines);
        }
    }

    @Test
    void aTornLastLineIsSkippedAndEverythingBeforeItIsRead() throws IOException {
        try (Journals journals = new Journals(dir, clock)) {
            journals.of("g-1").append(said("one"));
            journals.of("g-1").append(said("two"));
        }
        Files.writeString(dir.resolve("g-1.jsonl"), "{\"kind\":\"relay\",\"te", StandardOpenOption.APPEND);
        List<JsonNode> entries = Transcript.read(dir.resolve("g-1.jsonl"));
        assertEquals(
                List.of("one", "two"),
                entries.stream().map(e -> e.path("text").asText()).toList());
    }

    @Test
    void aFullDiskThrowsAndLeavesNoHalfEntryBehind() throws IOException {
        FailingDisk disk = new FailingDisk();
        try (Journals journals = new Journals(dir, clock, disk)) {
            Journal j = journals.of("link-1");
            assertEquals(1, j.append(said("one")));
            disk.set(FailingDisk.Mode.FULL);
            JournalUnavailable e = assertThrows(JournalUnavailable.class, () -> j.append(said("two")));
            assertEquals("No space left on device", e.reason());
            assertEquals(1, Files.readAllLines(dir.resolve("link-1.jsonl")).size(), "the half entry was cut back");
            disk.set(FailingDisk.Mode.HEALTHY);
            assertEquals(2, j.append(said("two")));
        }
        assertEquals(List.of("one", "two"), texts(Transcript.read(dir.resolve("link-1.jsonl"))));
    }

    @Test
    void aHalfEntryThatCannotBeCutBackIsFencedNotAppendedTo() throws IOException {
        FailingDisk disk = new FailingDisk();
        disk.truncateFails(true);
        try (Journals journals = new Journals(dir, clock, disk)) {
            Journal j = journals.of("link-1");
            j.append(said("one"));
            disk.set(FailingDisk.Mode.FULL);
            assertThrows(JournalUnavailable.class, () -> j.append(said("lost")));
            assertThrows(JournalUnavailable.class, () -> j.append(said("lost")));
            disk.set(FailingDisk.Mode.HEALTHY);
            assertEquals(2, j.append(said("two")), "torn fragments do not count");
        }
        List<String> lines = Files.readAllLines(dir.resolve("link-1.jsonl"));
        assertTrue(lines.get(lines.size() - 1).contains("\"text\":\"two\""), lines.toString());
        assertEquals(List.of("one", "two"), texts(Transcript.read(dir.resolve("link-1.jsonl"))));
    }

    @Test
    void aTornLastLineIsFencedAtOpenAndReported() throws IOException {
        Path file = dir.resolve("link-1.jsonl");
        Files.writeString(file, "{\"kind\":\"relay\",\"text\":\"one\"}\n{\"kind\":\"relay\",\"te");
        try (Journals journals = new Journals(dir, clock)) {
            Journal j = journals.of("link-1");
            assertEquals(Optional.of("{\"kind\":\"relay\",\"te"), j.tornAtOpen());
            assertEquals(2, j.append(said("two")));
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(3, lines.size(), lines.toString());
        assertEquals("{\"kind\":\"relay\",\"te", lines.get(1), "the fragment stays, on a line of its own");
        assertEquals(List.of("one", "two"), texts(Transcript.read(file)));
    }

    @Test
    void aReadOnlyJournalThrowsAndOpensOnceItIsWritableAgain() {
        FailingDisk disk = new FailingDisk();
        disk.set(FailingDisk.Mode.READ_ONLY);
        try (Journals journals = new Journals(dir, clock, disk)) {
            JournalUnavailable e = assertThrows(JournalUnavailable.class, () -> journals.of("link-1"));
            assertEquals("Read-only file system", e.reason());
            disk.set(FailingDisk.Mode.HEALTHY);
            assertEquals(1, journals.of("link-1").append(said("one")));
        }
    }

    @Test
    void journalsAreOwnerOnlyEvenWhereAnOlderDaemonLeftThemOpen() throws IOException {
        Path folder = dir.resolve("journals");
        Files.createDirectories(folder);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(folder.resolve("old.jsonl"), "{\"kind\":\"relay\"}\n");
        Files.setPosixFilePermissions(folder.resolve("old.jsonl"), PosixFilePermissions.fromString("rw-r--r--"));
        try (Journals journals = new Journals(folder, clock)) {
            journals.of("new").append(said(""));
            journals.of("old").append(said(""));
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals(
                "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve("new.jsonl"))));
        assertEquals(
                "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve("old.jsonl"))));
    }

    @Test
    void aSymlinkInTheFolderIsNotFollowed() throws IOException {
        Path target = dir.resolve("elsewhere.txt");
        Files.writeString(target, "");
        Files.createSymbolicLink(dir.resolve("link-1.jsonl"), target);
        try (Journals journals = new Journals(dir, clock)) {
            assertThrows(JournalUnavailable.class, () -> journals.of("link-1"));
        }
        assertEquals("", Files.readString(target));
    }

    /** Words journalled and typed to nobody: the plainest entry with a text. */
    private static Entry said(String text) {
        return new Kept.OutOfTurn("link-1", "Ada", text);
    }

    private static List<String> texts(List<JsonNode> entries) {
        return entries.stream().map(e -> e.path("text").asText()).toList();
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
            journals.of("old").append(said(""));
            Files.setLastModifiedTime(dir.resolve("old.jsonl"), FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
            journals.of("new").append(said(""));
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
            journals.of("g-2")
                    .append(new Message.Relay(
                            "g-2", "Ada", false, 1, null, List.of("Bo", "Cy"), List.of(), "line one\nline two"));
            journals.of("g-2").append(new Message.Private("g-2", Prompt.BEAT, "Bo", "[Beat 1/2]", Map.of(), Map.of()));
        }
        List<String> readable = Transcript.read(dir.resolve("g-2.jsonl")).stream()
                .map(Transcript::readable)
                .toList();
        assertEquals("10:00:00  Ada -> Bo, Cy\n    line one\n    line two", readable.get(0));
        assertEquals("10:00:00  (private to Bo, beat)\n    [Beat 1/2]", readable.get(1));
    }
}
