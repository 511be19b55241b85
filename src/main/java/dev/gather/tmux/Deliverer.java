package dev.gather.tmux;

import dev.gather.process.Threads;
import dev.gather.turn.Typed;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Types a message into panes safely: sanitize, defuse command leaders, paste as one bracketed
 * paste, wait for the pane to show it, and press Enter only while the input box shows that text
 * (read once a redraw is whole); the submit is taken at the first redraw without it; press again, with
 * backoff, only after a long quiet while it still does. A dialog on screen is never pressed into. A
 * program that runs what it reads (a shell: {@link HarnessQuirks#showOnly}) is never typed into: the
 * words are shown on its screen. Every delivery ends in a {@link DeliveryResult}. Each delivery is a chain of futures
 * driven by pane output, not a blocked thread, so fanning out to 16 panes costs about as much as
 * to 2. Thread-safe; keeps one output subscription per pane it has delivered to until {@link #close}
 * (close it only when no delivery is running: their futures would never complete).
 */
public final class Deliverer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Deliverer.class);
    /** How a delivery or a channel says a dialog stands where the input box should be. */
    public static final String DIALOG_OPEN = "dialog open";

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
    private final ExecutorService pool = Executors.newFixedThreadPool(2, Threads.named("gather-deliver"));
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(Threads.named("gather-deliver-timer"));
    private final EnterPresses enter;

    public Deliverer(Tmux tmux, HarnessQuirks quirks) {
        this(tmux, quirks, Timing.DEFAULT);
    }

    public Deliverer(Tmux tmux, HarnessQuirks quirks, Timing timing) {
        this.tmux = tmux;
        this.quirks = quirks;
        this.timing = timing;
        this.enter = new EnterPresses(tmux, timing, pool, this::gone);
    }

    /** Delivers with this deliverer's quirks and waits for the outcome. */
    public DeliveryResult deliver(String paneId, String text) {
        return deliverAsync(paneId, text, quirks).join();
    }

    public DeliveryResult deliver(String paneId, String text, HarnessQuirks quirks) {
        return deliverAsync(paneId, text, quirks).join();
    }

    /** Starts a delivery; the future never fails, its value says how it ended. */
    public CompletableFuture<DeliveryResult> deliverAsync(String paneId, String text, HarnessQuirks quirks) {
        return deliverAsync(paneId, text, quirks, timing.echoTimeout, TypingSteps.NONE);
    }

    /**
     * As {@link #deliverAsync(String, String, HarnessQuirks)}, telling {@code steps} when the text is in
     * the pane (a journal that says so tells a restarted daemon whether a message it finds unsubmitted
     * was ever pasted: type it again, or never twice) and right before Enter is first pressed. The pane has
     * up to {@code echoWithin} (at least the echo timeout) to show the paste: a paste not shown yet is
     * still in the program's input (a harness loading behind the box it drew reads it once loaded), and
     * the caller types nothing after it meanwhile, or the late echo and the next paste share one box.
     */
    public CompletableFuture<DeliveryResult> deliverAsync(
            String paneId, String text, HarnessQuirks quirks, Duration echoWithin, TypingSteps steps) {
        Duration echo = echoWithin.compareTo(timing.echoTimeout) > 0 ? echoWithin : timing.echoTimeout;
        return fanOut(List.of(paneId), text, quirks, echo, steps).get(paneId);
    }

    /** Delivers to every pane at once and waits; the map keeps the order of {@code paneIds}. */
    public Map<String, DeliveryResult> deliverAll(Collection<String> paneIds, String text) {
        Map<String, DeliveryResult> results = new LinkedHashMap<>();
        fanOut(paneIds, text, quirks).forEach((id, f) -> results.put(id, f.join()));
        return results;
    }

    /** Starts deliveries of one text to many panes; the text is loaded into tmux once. */
    public Map<String, CompletableFuture<DeliveryResult>> fanOut(
            Collection<String> paneIds, String text, HarnessQuirks quirks) {
        return fanOut(paneIds, text, quirks, timing.echoTimeout, TypingSteps.NONE);
    }

    private Map<String, CompletableFuture<DeliveryResult>> fanOut(
            Collection<String> paneIds, String text, HarnessQuirks quirks, Duration echo, TypingSteps steps) {
        long start = System.nanoTime();
        if (quirks.showOnly()) {
            return showAll(paneIds, Typed.capTyped(Sanitizer.sanitize(text)), start);
        }
        String safe = Typed.capTyped(quirks.neutralize(Sanitizer.sanitize(text)));
        Map<String, CompletableFuture<DeliveryResult>> out = new LinkedHashMap<>();
        Map<String, PaneWatch> ready = new LinkedHashMap<>();
        Map<String, Long> marks = new LinkedHashMap<>();
        for (String id : new LinkedHashSet<>(paneIds)) {
            try {
                PaneWatch w = watch(id);
                ready.put(id, w);
                marks.put(id, w.mark());
            } catch (RuntimeException e) {
                out.put(id, CompletableFuture.completedFuture(classify(id, e)));
            }
        }
        Map<String, CompletableFuture<Void>> pastes;
        try {
            pastes = tmux.pasteAllAsync(ready.keySet(), safe);
        } catch (RuntimeException e) {
            pastes = new LinkedHashMap<>();
            for (String id : ready.keySet()) {
                pastes.put(id, CompletableFuture.failedFuture(e));
            }
        }
        for (Map.Entry<String, PaneWatch> e : ready.entrySet()) {
            String id = e.getKey();
            PaneWatch watch = e.getValue();
            long beforePaste = marks.get(id);
            // "the pane shows the paste" is any screen change after it, not the text itself: TUIs
            // render a long paste as a placeholder such as "[Pasted text #1 +20 lines]"
            CompletableFuture<DeliveryResult> run = pastes.get(id)
                    .thenRun(steps.pasted())
                    .thenCompose(x -> safe.isEmpty()
                            ? CompletableFuture.completedFuture(true)
                            : watch.outputAfter(beforePaste, echo))
                    .thenComposeAsync(
                            shown -> shown
                                    ? watch.quiet(quirks.enterGap(), timing.echoTimeout)
                                            .thenCompose(x -> enter.firstPress(
                                                    id, watch, quirks, safe, echo, start, steps.entering()))
                                    : notShown(id, echo),
                            pool);
            out.put(id, run.exceptionallyAsync(x -> classify(id, unwrap(x)), pool));
        }
        Map<String, CompletableFuture<DeliveryResult>> ordered = new LinkedHashMap<>();
        for (String id : paneIds) {
            ordered.put(id, out.get(id));
        }
        return ordered;
    }

    /** Shows the words on each pane's screen, typing nothing (a shell's profile). */
    private Map<String, CompletableFuture<DeliveryResult>> showAll(
            Collection<String> paneIds, String safe, long start) {
        Map<String, CompletableFuture<DeliveryResult>> out = new LinkedHashMap<>();
        for (String id : new LinkedHashSet<>(paneIds)) {
            out.put(
                    id,
                    CompletableFuture.supplyAsync(() -> OnScreen.show(tmux, id, safe, start), pool)
                            .exceptionallyAsync(x -> classify(id, unwrap(x)), pool));
        }
        return out;
    }

    /**
     * Finishes a delivery a stopped daemon left between paste and Enter: when the pane's input box
     * still shows {@code text} as gather would have typed it, Enter is pressed now (the text was never
     * submitted, so this submits it once) and true is returned; otherwise nothing is pressed.
     */
    public boolean finishTyping(String paneId, String text, HarnessQuirks quirks) {
        if (quirks.input().isEmpty() || quirks.showOnly()) {
            return false;
        }
        String safe = Typed.capTyped(quirks.neutralize(Sanitizer.sanitize(text)));
        if (safe.isEmpty() || !quirks.input().get().shows(tmux.capture(paneId, 0), safe)) {
            return false;
        }
        tmux.sendKeys(paneId, "Enter");
        return true;
    }

    /**
     * What the pane's input box shows now, per {@code quirks}. Words only shown (a shell) find it
     * always {@code EMPTY}; a program with no box gather can read is judged by its cursor's line
     * ({@link CursorLine}), or {@code EMPTY} when this tmux driver cannot say where the cursor is.
     */
    public InputBox.State inputBox(String paneId, HarnessQuirks quirks) {
        if (quirks.showOnly()) {
            return InputBox.State.EMPTY;
        }
        if (quirks.input().isPresent()) {
            return quirks.input().get().read(tmux.capture(paneId, 0));
        }
        Optional<Terminal> t = tmux.terminal(paneId);
        if (t.isEmpty()) {
            return InputBox.State.EMPTY;
        }
        return CursorLine.read(tmux.capture(paneId, 0), t.get());
    }

    /** Completes once {@code paneId} has printed nothing for {@code quiet} (or after {@code timeout}). */
    public CompletableFuture<Void> whenQuiet(String paneId, Duration quiet, Duration timeout) {
        return watch(paneId).quiet(quiet, timeout);
    }

    /** Completes with true at the pane's next output, false after {@code timeout}. */
    public CompletableFuture<Boolean> nextOutput(String paneId, Duration timeout) {
        PaneWatch w = watch(paneId);
        return w.outputAfter(w.mark(), timeout);
    }

    /** How long ago {@code paneId} last printed (since this deliverer started watching it). */
    public Duration quietFor(String paneId) {
        return watch(paneId).quietFor();
    }

    private CompletableFuture<DeliveryResult> notShown(String paneId, Duration echo) {
        return CompletableFuture.completedFuture(
                tmux.alive(paneId)
                        ? new DeliveryResult.Failed(
                                paneId,
                                "pane " + paneId + " did not show the pasted text within "
                                        + (echo.toMillis() < 1000 ? echo.toMillis() + " ms" : echo.toSeconds() + " s")
                                        + "; Enter not pressed")
                        : gone(paneId));
    }

    private PaneWatch watch(String paneId) {
        PaneWatch existing = watches.get(paneId);
        if (existing != null) {
            return existing;
        }
        PaneWatch watch = new PaneWatch(pool, timer);
        watch.subscription(tmux.onOutput(paneId, watch));
        PaneWatch raced = watches.putIfAbsent(paneId, watch);
        if (raced != null) {
            watch.close();
            return raced;
        }
        return watch;
    }

    private DeliveryResult classify(String paneId, Throwable e) {
        if (!(e instanceof TmuxException)) {
            LOG.warn("delivery to {} failed unexpectedly", paneId, e);
        }
        boolean alive;
        try {
            alive = tmux.alive(paneId);
        } catch (TmuxException t) {
            alive = !t.paneGone(); // a tmux too slow to say is no proof the pane ended
        }
        return alive ? new DeliveryResult.Failed(paneId, String.valueOf(e.getMessage())) : gone(paneId);
    }

    private static Throwable unwrap(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }

    private DeliveryResult gone(String paneId) {
        forget(paneId);
        return new DeliveryResult.PaneGone(paneId);
    }

    /** Stops watching {@code paneId} (it ended): its output subscription is released. */
    public void forget(String paneId) {
        PaneWatch w = watches.remove(paneId);
        if (w != null) {
            w.close();
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
        timer.shutdownNow();
        watches.values().forEach(PaneWatch::close);
        watches.clear();
    }
}
