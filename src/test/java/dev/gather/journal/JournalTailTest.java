package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code gather watch} and the demo follow: every entry, whole, however the writer's bytes arrive. */
class JournalTailTest {
    @TempDir
    Path dir;

    @Test
    void aCharacterWrittenInTwoPartsIsReadWhole() throws Exception {
        Path file = dir.resolve("g-1.jsonl");
        byte[] line = "{\"kind\":\"relay\",\"text\":\"café\"}\n".getBytes(StandardCharsets.UTF_8);
        int cut = new String(line, StandardCharsets.UTF_8).indexOf('é') + 1; // inside é's two bytes
        Files.write(file, Arrays.copyOfRange(line, 0, cut));
        JournalTail tail = new JournalTail(file);
        List<String> texts = new ArrayList<>();
        assertFalse(tail.follow(e -> texts.add(e.path("text").asText()), Duration.ZERO));

        Files.write(file, Arrays.copyOfRange(line, cut, line.length), StandardOpenOption.APPEND);
        assertFalse(tail.follow(e -> texts.add(e.path("text").asText()), Duration.ZERO));
        assertEquals(List.of("café"), texts);
    }

    @Test
    void aLargeAppendIsReadInOneLook() throws Exception {
        Path file = dir.resolve("g-1.jsonl");
        String filler = "x".repeat(200);
        StringBuilder all = new StringBuilder();
        int entries = 60_000; // about 13 MiB: more than one read takes
        for (int i = 1; i <= entries; i++) {
            all.append("{\"kind\":\"relay\",\"n\":")
                    .append(i)
                    .append(",\"text\":\"")
                    .append(filler)
                    .append("\"}\n");
        }
        Files.writeString(file, all);
        List<Integer> seen = new ArrayList<>();
        assertFalse(new JournalTail(file).follow(e -> seen.add(e.path("n").asInt()), Duration.ZERO));
        assertEquals(entries, seen.size());
        assertEquals(entries, seen.get(seen.size() - 1));
    }

    @Test
    void whatFollowsWhereTheConsumerStoppedComesAtTheNextFollow() throws Exception {
        Path file = dir.resolve("g-1.jsonl");
        Files.writeString(file, "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n");
        JournalTail tail = new JournalTail(file);
        List<Integer> seen = new ArrayList<>();
        assertTrue(tail.follow(e -> seen.add(e.path("n").asInt()) && seen.size() < 1, Duration.ofSeconds(5)));
        assertFalse(tail.follow(e -> seen.add(e.path("n").asInt()), Duration.ZERO));
        assertEquals(List.of(1, 2, 3), seen);
    }
}
