package dev.gather.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Follows a journal as it grows (inotify through WatchService, no polling loop of its own) and
 * hands each complete entry on, from the beginning. Used by `gather watch` and the demo.
 */
public final class JournalTail {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final AppendedLines lines;
    /** Lines read but not yet handed on: a consumer that stopped the last follow gets them at the next. */
    private final Deque<String> unread = new ArrayDeque<>();

    public JournalTail(Path file) {
        this.file = file;
        this.lines = new AppendedLines(file, 0);
    }

    /**
     * Calls {@code entry} for every entry until it returns false or {@code limit} passes; returns
     * whether the consumer stopped it.
     */
    public boolean follow(Predicate<JsonNode> entry, Duration limit) throws IOException, InterruptedException {
        Files.createDirectories(file.getParent());
        long deadline = System.nanoTime() + limit.toNanos();
        try (WatchService watch = file.getFileSystem().newWatchService()) {
            file.getParent()
                    .register(watch, StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_CREATE);
            while (true) {
                if (!drain(entry)) {
                    return true;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                var key = watch.poll(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        } catch (ClosedWatchServiceException e) {
            return false;
        }
    }

    private boolean drain(Predicate<JsonNode> entry) throws IOException {
        if (!Files.exists(file)) {
            return true;
        }
        while (!unread.isEmpty() || unread.addAll(lines.next())) {
            String line = unread.poll();
            if (!line.isBlank() && !entry.test(JSON.readTree(line))) {
                return false;
            }
        }
        return true;
    }
}
