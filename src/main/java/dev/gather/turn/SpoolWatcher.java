package dev.gather.turn;

import dev.gather.journal.JournalUnavailable;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the spool's {@code in/} directory and hands every hook event, parsed, to a consumer; events
 * already waiting when it starts are handled first. A file is deleted only once the consumer returned,
 * that is once its turn is journalled: when the consumer throws {@link JournalUnavailable} the file
 * stays, later events of the same pane wait behind it, and the watcher tries again with backoff until
 * the journal takes it; likewise while what it was handed to holds it queued ({@link NotTakenYet}: a
 * gathering's lane that hangs). When the panes cannot be looked at ({@link PanesUnavailable}) every event
 * waits, in order, and the watcher tries again likewise. One that cannot be parsed, or that gather
 * fails to read for a reason of its own, is moved to {@code rejected/} with one log line: one event
 * never stops the watcher. One daemon thread; {@link #close()} stops it.
 */
public final class SpoolWatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SpoolWatcher.class);
    static final Duration FIRST_RETRY = Duration.ofMillis(200);
    static final Duration LAST_RETRY = Duration.ofSeconds(5);
    /** How long {@link #close} waits for the event being handled. */
    static final Duration FINISH_WITHIN = Duration.ofSeconds(5);

    private volatile boolean closing;
    private final Spool spool;
    private final HookParsers parsers;
    private final PaneResolver panes;
    private final SessionPanes sessions;
    private final Consumer<TurnOutput> consumer;
    private final WatchService watcher;
    private final Thread thread;
    /** Panes whose next event the journal refused, and why: their events stay in the spool, in order. */
    private final Map<String, String> held = new LinkedHashMap<>();
    /** Events waiting for the journal whose writer was proven while it still held its file. */
    private final Map<Path, HookEvent> proven = new HashMap<>();

    private volatile Refusals refusals = (event, reason) -> {};

    private Duration retry = FIRST_RETRY;
    /** Why the last pass stopped where it did (the panes could not be looked at), or null. */
    private String stalled;

    private SpoolWatcher(
            Spool spool, HookParsers parsers, PaneResolver panes, SessionPanes sessions, Consumer<TurnOutput> consumer)
            throws IOException {
        this.spool = spool;
        this.parsers = parsers;
        this.panes = panes;
        this.sessions = sessions;
        this.consumer = consumer;
        spool.create();
        this.watcher = spool.incoming().getFileSystem().newWatchService();
        spool.incoming().register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
        this.thread = new Thread(this::loop, "gather-spool-watcher");
        thread.setDaemon(true);
    }

    /** Starts watching, trusting the pane each event names (tests and benchmarks without tmux). */
    public static SpoolWatcher start(Spool spool, HookParsers parsers, Consumer<TurnOutput> consumer)
            throws IOException {
        return start(spool, parsers, PaneResolver.AS_NAMED, consumer);
    }

    /**
     * Starts watching; {@code panes} decides which pane each event speaks for (one it refuses is
     * moved to {@code rejected/}); the consumer is called on the watcher's own thread, one output at a time.
     */
    public static SpoolWatcher start(
            Spool spool, HookParsers parsers, PaneResolver panes, Consumer<TurnOutput> consumer) throws IOException {
        return start(spool, parsers, panes, new SessionPanes(), consumer);
    }

    /** As above; {@code sessions} first attributes events by what their payload carries (Codex's threads). */
    public static SpoolWatcher start(
            Spool spool, HookParsers parsers, PaneResolver panes, SessionPanes sessions, Consumer<TurnOutput> consumer)
            throws IOException {
        SpoolWatcher w = new SpoolWatcher(
                Objects.requireNonNull(spool, "spool"),
                Objects.requireNonNull(parsers, "parsers"),
                Objects.requireNonNull(panes, "panes"),
                Objects.requireNonNull(sessions, "sessions"),
                Objects.requireNonNull(consumer, "consumer"));
        w.thread.start();
        return w;
    }

    /** Who hears of an event refused for good (forged, unparseable), with the event when it could be read. */
    @FunctionalInterface
    public interface Refusals {
        void refused(Optional<HookEvent> event, String reason);
    }

    /** Tells {@code listener} of every event refused from now on (the daemon journals them). */
    public SpoolWatcher onRefused(Refusals listener) {
        this.refusals = Objects.requireNonNull(listener, "listener");
        return this;
    }

    private void loop() {
        try {
            drainDirectory(); // registered before this scan, so nothing dropped in between is missed
            while (true) {
                WatchKey key = held.isEmpty() && stalled == null
                        ? watcher.take()
                        : watcher.poll(backoff(), TimeUnit.MILLISECONDS);
                if (key == null) {
                    drainDirectory(); // time to try the held events again
                    continue;
                }
                key.pollEvents(); // names are not trusted: a rescan also catches overflowed events
                drainDirectory();
                if (!key.reset()) {
                    if (closing) {
                        return; // close() cancelled the key: nothing is wrong with the directory
                    }
                    log.error("spool directory {} is gone; no more hook events will be read", spool.incoming());
                    return;
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            log.error("spool watcher on {} stopped: {}", spool.incoming(), e.toString());
        }
    }

    /** How long to wait before trying held events again: doubling, up to {@link #LAST_RETRY}. */
    private long backoff() {
        long ms = retry.toMillis();
        retry = retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
        return ms;
    }

    private void drainDirectory() throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> in = Files.newDirectoryStream(spool.incoming())) {
            in.forEach(files::add);
        }
        files.sort(null); // names start with epoch millis: oldest first
        Map<String, String> before = new LinkedHashMap<>(held);
        String wasStalled = stalled;
        stalled = null;
        held.clear(); // each pane gets its one try per pass, oldest event first
        for (Path file : files) {
            if (closing) {
                return; // left in the spool: the next daemon hands it over
            }
            try {
                handle(file);
            } catch (PanesUnavailable e) {
                // whose turn it is cannot be told now: this event and all after it wait, in order
                stalled = e.getMessage();
                if (wasStalled == null) {
                    log.warn("hook events wait in the spool until the panes can be looked at: {}", stalled);
                }
                return;
            } catch (IOException e) {
                log.error("hook event {} could not be handled ({}); dropping it", file.getFileName(), e.toString());
                proven.remove(file);
                Files.deleteIfExists(file);
            }
        }
        if (wasStalled != null) {
            log.info("the panes can be looked at again; the hook events that waited went on");
        }
        before.keySet().stream()
                .filter(pane -> !held.containsKey(pane))
                .forEach(pane -> log.info("journal takes turns from pane {} again; its held events went out", pane));
        if (held.isEmpty()) {
            retry = FIRST_RETRY;
        }
    }

    private synchronized void handle(Path file) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return;
        }
        Optional<TurnOutput> attributed;
        HookEvent event = proven.remove(file);
        boolean believed = event != null;
        try {
            if (!believed) {
                event = HookEvent.parse(bytes);
                // proven now, while its writer waits for the daemon: later it may be gone
                event = panes.proven(event, file);
                believed = true;
            }
            attributed = attribute(event, panes.resolve(event));
        } catch (PanesUnavailable e) {
            if (believed) {
                proven.put(file, event);
            }
            throw e;
        } catch (HookRejected e) {
            log.warn("rejected hook event {}: {}", file.getFileName(), e.getMessage());
            refusals.refused(Optional.ofNullable(event), e.getMessage());
            spool.setAside(file, event);
            return;
        } catch (RuntimeException e) {
            // gather's own fault in reading this one event: kept for a person, not tried forever
            log.error("hook event {} could not be read ({}); set aside in {}", file.getFileName(), e, spool.rejected());
            spool.setAside(file, event);
            return;
        }
        if (attributed.isEmpty()) {
            log.debug("hook event {} is a notice or a side turn (not a member's turn end)", file.getFileName());
            Files.deleteIfExists(file);
            return;
        }
        TurnOutput output = attributed.get();
        if (held.containsKey(output.pane())) {
            proven.put(file, event);
            return; // an older event of this pane is waiting for the journal: keep the order
        }
        try {
            consumer.accept(output);
        } catch (JournalUnavailable | NotTakenYet e) {
            proven.put(file, event);
            held.put(output.pane(), e instanceof JournalUnavailable j ? j.reason() : e.getMessage());
            log.warn(
                    "turn output from pane {} kept in the spool until it is journalled: {}",
                    output.pane(),
                    e.getMessage());
            return;
        } catch (RuntimeException e) {
            log.error(
                    "turn output from pane {} ({}) could not be handled: {}",
                    output.pane(),
                    output.harness(),
                    e.toString());
        }
        // only now: the turn is journalled (or was refused for good), so deleting it loses nothing
        Files.deleteIfExists(file);
    }

    /**
     * The turn a proven event from a process in pane {@code writer} reports, or none (a session start,
     * a prompt, a side turn). The daemon's socket hands events over here too, its writer named by the
     * kernel. Who wrote it comes first: a payload may move a turn to another pane only from a writer
     * that runs other panes' turns, never from any process that can write a file, and only to a pane
     * whose turns that writer's pane reports (a notify naming another Codex's thread is refused).
     */
    public synchronized Optional<TurnOutput> attribute(HookEvent event, String writer) throws HookRejected {
        SessionPanes.Judgement judged =
                panes.reportsForOthers(event, writer) ? sessions.judge(event, writer) : new SessionPanes.Unknown();
        if (judged instanceof SessionPanes.Refused refused) {
            throw new HookRejected(refused.why());
        }
        if (judged instanceof SessionPanes.SideTurn) {
            return Optional.empty();
        }
        HookEvent here = event.inPane(judged instanceof SessionPanes.Pane p ? p.id() : writer);
        sessions.heard(here);
        return ClaudeNotices.isNotice(here) ? Optional.empty() : Optional.of(parsers.parse(here));
    }

    /**
     * Stops watching. The event being handled is finished (up to {@link #FINISH_WITHIN}), never cut off
     * mid-write: an interrupt closes the journal's channel under it. Events not yet handled stay in the
     * spool for the next daemon.
     */
    @Override
    public void close() throws IOException {
        closing = true;
        watcher.close(); // a waiting take() or poll() ends at once
        try {
            thread.join(FINISH_WITHIN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread.interrupt();
    }
}
