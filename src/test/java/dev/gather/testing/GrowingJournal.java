package dev.gather.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.journal.AppendedLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A journal a test looks at while a daemon writes it, as {@code Transcript.read} reads it (blank and
 * torn lines left out) but each line parsed once: a test that waits on a gathering of hundreds of
 * entries, looking every few milliseconds, parsed the whole file at every look, and that CPU was
 * the machine's the gathering under test needed.
 */
public final class GrowingJournal {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final AppendedLines lines;
    private final List<JsonNode> entries = new ArrayList<>();

    public GrowingJournal(Path file) {
        this.file = file;
        this.lines = new AppendedLines(file, 0);
    }

    /** Every entry written so far, in order (none while the file does not exist). */
    public synchronized List<JsonNode> entries() {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            for (List<String> read = lines.next(); !read.isEmpty(); read = lines.next()) {
                for (String line : read) {
                    if (!line.isBlank()) {
                        parse(line);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(entries);
    }

    /** How many entries of {@code kind} were written so far. */
    public long count(String kind) {
        return entries().stream()
                .filter(e -> e.path("kind").asText().equals(kind))
                .count();
    }

    private void parse(String line) {
        try {
            entries.add(JSON.readTree(line));
        } catch (IOException torn) {
            // a line a killed daemon left torn, ended by the next one's fence: Transcript.read skips it too
        }
    }
}
