package dev.gather.tmux;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Types a message into panes safely: sanitize, defuse command leaders, paste as one bracketed
 * paste, wait for the pane to show it, press Enter, and press again with backoff until the screen
 * reacts. Every delivery ends in a {@link DeliveryResult}; fan-out runs all panes at once.
 * Thread-safe; keeps one output subscription per pane it has delivered to until {@link #close}.
 */
public final class Deliverer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Deliverer.class);

    /** Bounds of one delivery. */
    public record Timing(Duration echoTimeout, Duration firstEnterTimeout, int enterPresses) {
        public static final Timing DEFAULT = new Timing(Duration.ofSeconds(3), Duration.ofMillis(500), 4);

        public Timing {
            if (enterPresses < 1) {
                throw new IllegalArgumentException("enterPresses must be ≥ 1 (was " + enterPresses + ")");
            }
        }
    }

    private final Tmux tmux;
    private final HarnessQuirks quirks;
    private final Timing timing;
    private final Map<String, PaneWatch> watches = new ConcurrentHashMap<>();
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "gather-deliver");
        t.setDaemon(true);
        return t;
    });

    public Deliverer(Tmux tmux, HarnessQuirks quirks) {
        this(tmux, quirks, Timing.DEFAULT);
    }

    public Deliverer(Tmux tmux, HarnessQuirks quirks, Timing timing) {
        this.tmux = tmux;
        this.quirks = quirks;
        this.timing = timing;
    }

    /** Delivers with this deliverer's quirks. */
    public DeliveryResult deliver(String paneId, String text) {
        return deliver(paneId, text, quirks);
    }

    public DeliveryResult deliver(String paneId, String text, HarnessQuirks quirks) {
        long start = System.nanoTime();
        try {
            return attempt(paneId, quirks.neutralize(Sanitizer.sanitize(text)), quirks, start);
        } catch (TmuxException e) {
            return classify(paneId, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new DeliveryResult.Failed(paneId, "interrupted while delivering to " + paneId);
        } catch (RuntimeException e) {
            LOG.warn("delivery to {} failed unexpectedly", paneId, e);
            return new DeliveryResult.Failed(paneId, "delivery to " + paneId + " failed: " + e);
        }
    }

    public CompletableFuture<DeliveryResult> deliverAsync(String paneId, String text) {
        return CompletableFuture.supplyAsync(() -> deliver(paneId, text), pool);
    }

    /** Delivers to every pane concurrently; the map keeps the order of {@code paneIds}. */
    public Map<String, DeliveryResult> deliverAll(Collection<String> paneIds, String text) {
        Map<String, CompletableFuture<DeliveryResult>> running = new LinkedHashMap<>();
        for (String id : paneIds) {
            running.put(id, deliverAsync(id, text));
        }
        Map<String, DeliveryResult> results = new LinkedHashMap<>();
        running.forEach((id, f) -> results.put(id, f.join()));
        return results;
    }

    private DeliveryResult attempt(String paneId, String text, HarnessQuirks quirks, long start)
            throws InterruptedException {
        PaneWatch watch = watch(paneId);
        long beforePaste = watch.mark();
        tmux.paste(paneId, text);
        if (!text.isEmpty() && !watch.awaitOutputAfter(beforePaste, timing.echoTimeout.toNanos())) {
            return tmux.alive(paneId)
                    ? new DeliveryResult.Failed(
                            paneId, "pane " + paneId + " did not show the pasted text within " + timing.echoTimeout)
                    : gone(paneId);
        }
        watch.awaitQuiet(quirks.enterGap().toNanos(), timing.echoTimeout.toNanos());
        long wait = timing.firstEnterTimeout.toNanos();
        for (int press = 1; press <= timing.enterPresses; press++) {
            long beforeEnter = watch.mark();
            tmux.sendKeys(paneId, "Enter");
            if (watch.awaitOutputAfter(beforeEnter, wait)) {
                return new DeliveryResult.Delivered(paneId, Duration.ofNanos(System.nanoTime() - start), press);
            }
            if (!tmux.alive(paneId)) {
                return gone(paneId);
            }
            wait *= 2;
        }
        return new DeliveryResult.Failed(
                paneId, "pane " + paneId + " did not react to Enter after " + timing.enterPresses + " presses");
    }

    private PaneWatch watch(String paneId) {
        PaneWatch existing = watches.get(paneId);
        if (existing != null) {
            return existing;
        }
        PaneWatch watch = new PaneWatch();
        watch.subscription(tmux.onOutput(paneId, watch));
        PaneWatch raced = watches.putIfAbsent(paneId, watch);
        if (raced != null) {
            watch.close();
            return raced;
        }
        return watch;
    }

    private DeliveryResult classify(String paneId, String reason) {
        boolean alive;
        try {
            alive = tmux.alive(paneId);
        } catch (TmuxException e) {
            alive = false;
        }
        return alive ? new DeliveryResult.Failed(paneId, reason) : gone(paneId);
    }

    private DeliveryResult gone(String paneId) {
        PaneWatch w = watches.remove(paneId);
        if (w != null) {
            w.close();
        }
        return new DeliveryResult.PaneGone(paneId);
    }

    @Override
    public void close() {
        pool.shutdownNow();
        watches.values().forEach(PaneWatch::close);
        watches.clear();
    }
}
