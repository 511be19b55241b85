package dev.gather.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The journal as an event stream: every entry of one journal (or of all of them), each as its entry with
 * {@code journal}, its number {@code n} (from 1, as {@link Transcript#read} counts) and a machine name
 * {@code event} ({@link Events#name}); from a cursor ({@code after} n), and, when following, on as
 * entries are appended (inotify through WatchService).
 */
public final class JournalStream {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How often a quiet follow checks whether its consumer is still there. */
    private static final long TICK_MS = 250;

    private final Path dir;
    private final Optional<String> only;
    private final long after;
    private final boolean follow;
    private final Map<Path, Cursor> files = new LinkedHashMap<>();

    /** A stream of {@code only} (every journal when empty) in {@code dir}, after entry {@code after} of it. */
    public JournalStream(Path dir, Optional<String> only, long after, boolean follow) {
        if (after < 0) {
            throw new IllegalArgumentException("after must be 0 or more (was " + after + ")");
        }
        if (after > 0 && only.isEmpty()) {
            throw new IllegalArgumentException(
                    "after needs a link or gathering: entry numbers count within one journal");
        }
        this.dir = dir;
        this.only = only;
        this.after = after;
        this.follow = follow;
    }

    private static final class Cursor {
        final String id;
        final AppendedLines lines;
        long n;

        Cursor(Path file) {
            this.id = id(file);
            this.lines = new AppendedLines(file, 0);
        }
    }

    /**
     * Hands every event to {@code sink} until the sink returns false, {@code stop} says so, or, when not
     * following, what the journals hold now has been read.
     */
    public void run(Predicate<ObjectNode> sink, BooleanSupplier stop) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        try (WatchService watch = dir.getFileSystem().newWatchService()) {
            dir.register(watch, StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_CREATE);
            while (true) {
                if (!drain(sink)) {
                    return;
                }
                if (!follow || stop.getAsBoolean()) {
                    return;
                }
                var key = watch.poll(TICK_MS, TimeUnit.MILLISECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        } catch (ClosedWatchServiceException e) {
            // closed under us: the stream ends
        }
    }

    private boolean drain(Predicate<ObjectNode> sink) throws IOException {
        for (Path file : journals()) {
            Cursor c = files.computeIfAbsent(file, Cursor::new);
            if (!drain(file, c, sink)) {
                return false;
            }
        }
        return true;
    }

    /** The journals to read, oldest first, so a stream of all of them starts with the earliest. */
    private List<Path> journals() throws IOException {
        if (only.isPresent()) {
            return List.of(dir.resolve(only.get() + ".jsonl"));
        }
        List<Path> found = new ArrayList<>(files.keySet());
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
                    .filter(p -> !files.containsKey(p))
                    .sorted(Comparator.comparing(JournalStream::modified))
                    .forEach(found::add);
        }
        return found;
    }

    private boolean drain(Path file, Cursor c, Predicate<ObjectNode> sink) throws IOException {
        if (!Files.exists(file)) {
            return true;
        }
        for (List<String> read = c.lines.next(); !read.isEmpty(); read = c.lines.next()) {
            for (String line : read) {
                if (!take(line, c, sink)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** One line of {@code c}'s journal: false when the sink wants no more. */
    private boolean take(String line, Cursor c, Predicate<ObjectNode> sink) {
        if (line.isBlank()) {
            return true;
        }
        JsonNode entry;
        try {
            entry = JSON.readTree(line);
        } catch (IOException torn) {
            return true; // a line torn by a crash is skipped, and not counted, as Transcript.read does
        }
        c.n++;
        return c.n <= after || !(entry instanceof ObjectNode object) || sink.test(Events.event(c.id, c.n, object));
    }

    private static String id(Path file) {
        return file.getFileName().toString().replaceFirst("\\.jsonl$", "");
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
