package dev.gather.turn;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes hook events out of the spool as they land (inotify through WatchService, plus a scan at
 * start for events that came while no daemon ran) and hands each turn output on. A bad event is
 * logged in one line and moved to {@code rejected/}; it never stops the watcher.
 */
public final class SpoolWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SpoolWatcher.class);

    private final Spool spool;
    private final HookParsers parsers;
    private final Consumer<TurnOutput> sink;
    private final WatchService watch;
    private final Thread thread;

    public SpoolWatcher(Spool spool, HookParsers parsers, Consumer<TurnOutput> sink) throws IOException {
        this.spool = spool;
        this.parsers = parsers;
        this.sink = sink;
        spool.create();
        this.watch = spool.in().getFileSystem().newWatchService();
        // a rename into the directory is reported as a create on Linux (inotify IN_MOVED_TO)
        spool.in().register(watch, StandardWatchEventKinds.ENTRY_CREATE);
        this.thread = new Thread(this::loop, "gather-spool");
        thread.setDaemon(true);
    }

    /** Starts watching; events already in the spool are handled first, oldest first. */
    public SpoolWatcher start() {
        thread.start();
        return this;
    }

    private void loop() {
        drain();
        try {
            while (true) {
                WatchKey key = watch.take();
                key.pollEvents();
                drain();
                if (!key.reset()) {
                    LOG.warn("spool {} is no longer watchable", spool.in());
                    return;
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void drain() {
        List<Path> files;
        try (Stream<Path> s = Files.list(spool.in())) {
            files = s.sorted().toList();
        } catch (IOException e) {
            LOG.warn("cannot list spool {}: {}", spool.in(), e.getMessage());
            return;
        }
        files.forEach(this::take);
    }

    private void take(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            HookEvent event = HookEvent.parse(bytes);
            if (event.pane() == null) {
                throw new BadPayload("event has no pane (the hook ran outside tmux)");
            }
            String text = parsers.text(event);
            Files.deleteIfExists(file);
            sink.accept(new TurnOutput(event.pane(), event.harness(), text, event.at()));
        } catch (BadPayload e) {
            LOG.warn("rejected hook event {}: {}", file.getFileName(), e.getMessage());
            reject(file);
        } catch (IOException e) {
            LOG.warn("cannot read hook event {}: {}", file.getFileName(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("hook event {} failed: {}", file.getFileName(), e.toString());
            reject(file);
        }
    }

    private void reject(Path file) {
        try {
            Files.move(file, spool.rejected().resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            LOG.warn("cannot move {} to rejected: {}", file.getFileName(), e.getMessage());
        }
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            watch.close();
        } catch (IOException e) {
            LOG.debug("closing spool watch", e);
        }
    }
}
