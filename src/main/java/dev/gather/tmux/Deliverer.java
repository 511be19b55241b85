package dev.gather.tmux;

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
 * (read after the screen settles); press again, with backoff, only while it still does. A dialog on
 * screen is never pressed into. Every delivery ends in a {@link DeliveryResult}. Each delivery is a chain of futures
 * driven by pane output, not a blocked thread, so fanning out to 16 panes costs about as much as
 * to 2. Thread-safe; keeps one output subscription per pane it has delivered to until {@link #close}
 * (close it only when no delivery is running: their futures would never complete).
 */
public final class Deliverer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Deliverer.class);
    private static final Duration RETRY_QUIET = Duration.ofSeconds(1);
    /** How a delivery or a mailbox says a dialog stands where the input box should be. */
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
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> daemon(r, "gather-deliver"));
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "gather-deliver-timer"));

    public Deliverer(Tmux tmux, HarnessQuirks quirks) {
        this(tmux, quirks, Timing.DEFAULT);
    }

    public Deliverer(Tmux tmux, HarnessQuirks quirks, Timing timing) {
        this.tmux = tmux;
        this.quirks = quirks;
        this.timing = timing;
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
        return fanOut(List.of(paneId), text, quirks).get(paneId);
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
        long start = System.nanoTime();
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
                    .thenCompose(x -> safe.isEmpty()
                            ? CompletableFuture.completedFuture(true)
                            : watch.outputAfter(beforePaste, timing.echoTimeout))
                    .thenComposeAsync(
                            shown -> shown
                                    ? watch.quiet(quirks.enterGap(), timing.echoTimeout)
                                            .thenCompose(x -> firstPress(id, watch, quirks, safe, start))
                                    : notShown(id),
                            pool);
            out.put(id, run.exceptionallyAsync(x -> classify(id, unwrap(x)), pool));
        }
        Map<String, CompletableFuture<DeliveryResult>> ordered = new LinkedHashMap<>();
        for (String id : paneIds) {
            ordered.put(id, out.get(id));
        }
        return ordered;
    }

    /**
     * Finishes a delivery a stopped daemon left between paste and Enter: when the pane's input box
     * still shows {@code text} as gather would have typed it, Enter is pressed now (the text was never
     * submitted, so this submits it once) and true is returned; otherwise nothing is pressed.
     */
    public boolean finishTyping(String paneId, String text, HarnessQuirks quirks) {
        if (quirks.input().isEmpty()) {
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
     * The one rule of pressing Enter: only while the input box shows the text we typed, read once the
     * screen has settled. A dialog, or any other screen, stops the delivery without a key pressed.
     */
    private CompletableFuture<DeliveryResult> firstPress(
            String paneId, PaneWatch watch, HarnessQuirks quirks, String typed, long start) {
        return awaitShown(paneId, watch, quirks, typed, System.nanoTime() + timing.echoTimeout.toNanos())
                .thenCompose(notShown -> notShown.isEmpty()
                        ? press(paneId, watch, quirks, typed, 1, timing.firstEnterTimeout, start)
                        : CompletableFuture.completedFuture(notOurs(paneId, notShown.get(), "Enter not pressed")));
    }

    /**
     * Empty once the box shows our text; else what it showed when we stopped looking: a dialog at
     * once, anything else after the echo timeout. Claude Code draws a paste in more than one redraw,
     * and on a loaded machine the quiet gap can come before the text is in the box: look again after
     * each redraw rather than judging the first one.
     */
    private CompletableFuture<Optional<InputBox.State>> awaitShown(
            String paneId, PaneWatch watch, HarnessQuirks quirks, String typed, long deadline) {
        if (quirks.input().isEmpty() || typed.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        InputBox box = quirks.input().get();
        long seen = watch.mark();
        InputBox.Sight sight = box.see(tmux.capture(paneId, 0), typed);
        if (sight.shows()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        InputBox.State state = sight.state();
        long left = deadline - System.nanoTime();
        if (state == InputBox.State.DIALOG || left <= 0) {
            return CompletableFuture.completedFuture(Optional.of(state));
        }
        return watch.outputAfter(seen, Duration.ofNanos(left))
                .thenCompose(drawn -> drawn
                        ? watch.quiet(quirks.enterGap(), timing.echoTimeout)
                                .thenComposeAsync(x -> awaitShown(paneId, watch, quirks, typed, deadline), pool)
                        : CompletableFuture.completedFuture(Optional.of(state)));
    }

    private CompletableFuture<DeliveryResult> press(
            String paneId, PaneWatch watch, HarnessQuirks quirks, String typed, int press, Duration wait, long start) {
        long beforeEnter = watch.mark();
        return tmux.pressEnterAsync(paneId)
                .thenCompose(x -> watch.outputAfter(beforeEnter, wait))
                // the first bytes after Enter are not the reaction: judge once the screen has settled
                .thenCompose(reacted -> watch.quiet(quirks.settle(), wait).thenApply(x -> reacted))
                .thenComposeAsync(
                        reacted -> afterPress(paneId, watch, quirks, typed, press, wait, start, reacted), pool);
    }

    private CompletableFuture<DeliveryResult> afterPress(
            String paneId,
            PaneWatch watch,
            HarnessQuirks quirks,
            String typed,
            int press,
            Duration wait,
            long start,
            boolean reacted) {
        if (!tmux.alive(paneId)) {
            return CompletableFuture.completedFuture(gone(paneId));
        }
        if (quirks.input().isEmpty() || typed.isEmpty()) {
            if (reacted) {
                return CompletableFuture.completedFuture(delivered(paneId, start, press, "screen changed"));
            }
            return press == timing.enterPresses
                    ? CompletableFuture.completedFuture(new DeliveryResult.Failed(
                            paneId, "pane " + paneId + " did not react to Enter after " + press + " presses"))
                    : watch.quiet(quirks.enterGap(), wait)
                            .thenCompose(
                                    x -> press(paneId, watch, quirks, typed, press + 1, wait.multipliedBy(2), start));
        }
        InputBox box = quirks.input().get();
        Optional<DeliveryResult> done = lookAfterPress(paneId, box, typed, press, start);
        return done.isPresent()
                ? CompletableFuture.completedFuture(done.get())
                : whileDrawing(paneId, watch, quirks, box, typed, press, wait, start);
    }

    /** After press {@code press}: delivered when the box no longer shows our text, failed after the last press. */
    private Optional<DeliveryResult> lookAfterPress(String paneId, InputBox box, String typed, int press, long start) {
        InputBox.Sight sight = box.see(tmux.capture(paneId, 0), typed);
        if (!sight.shows()) {
            return Optional.of(delivered(paneId, start, press, "input box " + name(sight.state())));
        }
        if (press == timing.enterPresses) {
            return Optional.of(new DeliveryResult.Failed(
                    paneId, "pane " + paneId + " still holds the text in its input box after " + press + " presses"));
        }
        return Optional.empty();
    }

    /**
     * Still our text after a press. A harness busy with the submit redraws (spinners animate), so press
     * again only after a long quiet with our text still there, and only if nothing was drawn since that
     * look; while it keeps drawing, look again as right after the press. One loop and one result,
     * however long the harness stays busy: no future is nested in another per round.
     */
    private CompletableFuture<DeliveryResult> whileDrawing(
            String paneId,
            PaneWatch watch,
            HarnessQuirks quirks,
            InputBox box,
            String typed,
            int press,
            Duration wait,
            long start) {
        CompletableFuture<DeliveryResult> result = new CompletableFuture<>();
        Runnable round = new Runnable() {
            @Override
            public void run() {
                Runnable next = this;
                watch.quiet(retryQuiet(quirks), wait.plus(retryQuiet(quirks)))
                        .whenCompleteAsync(
                                (x, failed) -> {
                                    try {
                                        if (failed != null) {
                                            result.completeExceptionally(failed);
                                            return;
                                        }
                                        long seen = watch.mark();
                                        InputBox.Sight now = box.see(tmux.capture(paneId, 0), typed);
                                        if (!now.shows()) {
                                            result.complete(
                                                    delivered(paneId, start, press, "input box " + name(now.state())));
                                        } else if (watch.mark() == seen) {
                                            press(paneId, watch, quirks, typed, press + 1, wait.multipliedBy(2), start)
                                                    .whenComplete((r, e) -> {
                                                        if (e != null) {
                                                            result.completeExceptionally(e);
                                                        } else {
                                                            result.complete(r);
                                                        }
                                                    });
                                        } else if (!tmux.alive(paneId)) {
                                            result.complete(gone(paneId));
                                        } else {
                                            Optional<DeliveryResult> done =
                                                    lookAfterPress(paneId, box, typed, press, start);
                                            if (done.isPresent()) {
                                                result.complete(done.get());
                                            } else {
                                                next.run();
                                            }
                                        }
                                    } catch (RuntimeException e) {
                                        result.completeExceptionally(e);
                                    }
                                },
                                pool);
            }
        };
        round.run();
        return result;
    }

    /** How long a box must sit unchanged with our text before Enter is pressed again. */
    private static Duration retryQuiet(HarnessQuirks quirks) {
        Duration fourGaps = quirks.enterGap().multipliedBy(4);
        return fourGaps.compareTo(RETRY_QUIET) > 0 ? fourGaps : RETRY_QUIET;
    }

    private static DeliveryResult delivered(String paneId, long start, int press, String how) {
        return new DeliveryResult.Delivered(paneId, Duration.ofNanos(System.nanoTime() - start), press, how);
    }

    private static DeliveryResult notOurs(String paneId, InputBox.State state, String what) {
        String seen = state == InputBox.State.DIALOG
                ? DIALOG_OPEN
                : "its input box does not show the typed text (" + name(state) + ")";
        return new DeliveryResult.Failed(paneId, "pane " + paneId + ": " + seen + "; " + what);
    }

    private static String name(InputBox.State state) {
        return state.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** What the pane's input box shows now, per {@code quirks}; {@code EMPTY} for a program without one. */
    public InputBox.State inputBox(String paneId, HarnessQuirks quirks) {
        return quirks.input().map(b -> b.read(tmux.capture(paneId, 0))).orElse(InputBox.State.EMPTY);
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

    private CompletableFuture<DeliveryResult> notShown(String paneId) {
        return CompletableFuture.completedFuture(
                tmux.alive(paneId)
                        ? new DeliveryResult.Failed(
                                paneId,
                                "pane " + paneId + " did not show the pasted text within " + timing.echoTimeout
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
            alive = false;
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

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() {
        pool.shutdownNow();
        timer.shutdownNow();
        watches.values().forEach(PaneWatch::close);
        watches.clear();
    }
}
