package dev.gather.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
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
        long offset;
        long n;
        final StringBuilder partial = new StringBuilder();

        Cursor(String id) {
            this.id = id;
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
            Cursor c = files.computeIfAbsent(file, f -> new Cursor(id(f)));
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
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            if (f.length() <= c.offset) {
                return true;
            }
            byte[] bytes = new byte[(int) Math.min(f.length() - c.offset, 16L << 20)];
            f.seek(c.offset);
            f.readFully(bytes);
            // only whole lines: a UTF-8 sequence is never split by '\n', so the cut is always clean
            int end = lastNewline(bytes);
            if (end < 0) {
                return true;
            }
            c.offset += end + 1;
            c.partial.append(new String(bytes, 0, end + 1, StandardCharsets.UTF_8));
        }
        int nl;
        while ((nl = c.partial.indexOf("\n")) >= 0) {
            String line = c.partial.substring(0, nl);
            c.partial.delete(0, nl + 1);
            if (line.isBlank()) {
                continue;
            }
            JsonNode entry;
            try {
                entry = JSON.readTree(line);
            } catch (IOException torn) {
                continue; // a line torn by a crash is skipped, and not counted, as Transcript.read does
            }
            c.n++;
            if (c.n <= after || !(entry instanceof ObjectNode object)) {
                continue;
            }
            if (!sink.test(Events.event(c.id, c.n, object))) {
                return false;
            }
        }
        return true;
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
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
