package dev.gather.tmux;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The Enter half of a delivery, once the paste is on screen: Enter is pressed only while the input
 * box shows the text we typed, read once a redraw is whole; the submit counts as taken at the first
 * redraw that draws the box empty, hidden or under a dialog (other text there, only once it stood a
 * quiet while); Enter is pressed again, with backoff, only after a long quiet with our text still
 * there. A dialog, or any other screen, ends it with no key pressed.
 */
final class EnterPresses {
    private static final Duration RETRY_QUIET = Duration.ofSeconds(1);

    private final Tmux tmux;
    private final Deliverer.Timing timing;
    private final Executor pool;
    private final Function<String, DeliveryResult> gone;
    /**
     * Per pane, until when a press that left our text in the box is not yet a failure: a harness still
     * loading behind the box it drew shows a paste but takes no Enter until it has loaded.
     */
    private final Map<String, Long> patientUntil = new ConcurrentHashMap<>();

    /** {@code gone} says a pane ended (and stops watching it). */
    EnterPresses(Tmux tmux, Deliverer.Timing timing, Executor pool, Function<String, DeliveryResult> gone) {
        this.tmux = tmux;
        this.timing = timing;
        this.pool = pool;
        this.gone = gone;
    }

    /**
     * The one rule of pressing Enter: only while the input box shows the text we typed, read once the
     * screen has settled. A dialog stops the delivery at once without a key pressed; any other screen
     * once {@code echo} has passed without our text in the box. {@code entering} runs right before
     * the first press.
     */
    CompletableFuture<DeliveryResult> firstPress(
            String paneId,
            PaneWatch watch,
            HarnessQuirks quirks,
            String typed,
            Duration echo,
            long start,
            Runnable entering) {
        patientUntil.put(paneId, System.nanoTime() + echo.toNanos());
        return awaitShown(paneId, watch, quirks, typed, System.nanoTime() + echo.toNanos())
                .thenCompose(notShown -> {
                    if (notShown.isPresent()) {
                        return CompletableFuture.completedFuture(notOurs(paneId, notShown.get(), "Enter not pressed"));
                    }
                    entering.run();
                    return press(paneId, watch, quirks, typed, 1, timing.firstEnterTimeout(), start);
                })
                .whenComplete((r, e) -> patientUntil.remove(paneId));
    }

    /**
     * Empty once the box shows our text; else what it showed when we stopped looking: a dialog at
     * once, anything else once the deadline passed. Claude Code draws a paste in more than one redraw,
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
                        ? watch.quiet(quirks.enterGap(), timing.echoTimeout())
                                .thenComposeAsync(x -> awaitShown(paneId, watch, quirks, typed, deadline), pool)
                        : CompletableFuture.completedFuture(Optional.of(state)));
    }

    private CompletableFuture<DeliveryResult> press(
            String paneId, PaneWatch watch, HarnessQuirks quirks, String typed, int press, Duration wait, long start) {
        long beforeEnter = watch.mark();
        return tmux.pressEnterAsync(paneId)
                .thenCompose(x -> watch.outputAfter(beforeEnter, wait))
                // the first bytes after Enter are not the reaction: judge the box once the screen has
                // settled. A program without a box has nothing to judge: its first reaction is the answer
                .thenCompose(reacted -> judgesBox(quirks, typed)
                        ? watch.quiet(quirks.settle(), wait).thenApply(x -> reacted)
                        : CompletableFuture.completedFuture(reacted))
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
            return CompletableFuture.completedFuture(gone.apply(paneId));
        }
        if (!judgesBox(quirks, typed)) {
            if (reacted) {
                return CompletableFuture.completedFuture(delivered(paneId, start, press, "screen changed"));
            }
            return press == timing.enterPresses()
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

    /** A submit seen: the box without our text and without other text in it. */
    private static boolean taken(InputBox.Sight sight) {
        return !sight.shows() && sight.state() != InputBox.State.HOLDS;
    }

    /** Whether a press is judged by the input box (else by the screen reacting at all). */
    private static boolean judgesBox(HarnessQuirks quirks, String typed) {
        return quirks.input().isPresent() && !typed.isEmpty();
    }

    /**
     * After press {@code press}: delivered when the box is drawn empty, hidden or under a dialog; failed
     * after the last press with our text still there. Other text read as the box is no proof of a
     * submit: a harness that hides its box for a moment leaves a history line ("> earlier words") that
     * reads as one, so it is looked at again ({@link #whileDrawing}).
     */
    private Optional<DeliveryResult> lookAfterPress(String paneId, InputBox box, String typed, int press, long start) {
        InputBox.Sight sight = box.see(tmux.capture(paneId, 0), typed);
        if (taken(sight)) {
            return Optional.of(delivered(paneId, start, press, "input box " + name(sight.state())));
        }
        if (sight.shows()
                && press >= timing.enterPresses()
                && System.nanoTime() - patientUntil.getOrDefault(paneId, 0L) >= 0) {
            return Optional.of(new DeliveryResult.Failed(
                    paneId, "pane " + paneId + " still holds the text in its input box after " + press + " presses"));
        }
        return Optional.empty();
    }

    /**
     * Still our text after a press. The harness may not have redrawn yet (Claude retitles first and
     * redraws later; under load much later), so look again at each redraw once it is whole (the
     * screen quiet for the settle): the submit is seen as soon as the box is drawn without our text.
     * Press again only after a long quiet with our text still there, nothing drawn since that look.
     * One loop and one result, however long the harness stays busy: no future is nested per round.
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
                long seen = watch.mark();
                watch.outputAfter(seen, retryQuiet(quirks))
                        .thenCompose(drawn -> drawn
                                ? watch.quiet(quirks.settle(), wait).thenApply(x -> true)
                                : CompletableFuture.completedFuture(false))
                        .whenCompleteAsync(
                                (drawn, failed) -> {
                                    try {
                                        if (failed != null) {
                                            result.completeExceptionally(failed);
                                            return;
                                        }
                                        InputBox.Sight now = box.see(tmux.capture(paneId, 0), typed);
                                        boolean quiet = !drawn && watch.mark() == seen;
                                        if (taken(now)) {
                                            result.complete(
                                                    delivered(paneId, start, press, "input box " + name(now.state())));
                                        } else if (quiet && !now.shows()) {
                                            // other text, unchanged for a quiet while: a person typing after the submit
                                            result.complete(delivered(
                                                    paneId, start, press, "input box holds other text, a quiet while"));
                                        } else if (quiet) {
                                            press(paneId, watch, quirks, typed, press + 1, longer(wait), start)
                                                    .whenComplete((r, e) -> {
                                                        if (e != null) {
                                                            result.completeExceptionally(e);
                                                        } else {
                                                            result.complete(r);
                                                        }
                                                    });
                                        } else if (!tmux.alive(paneId)) {
                                            result.complete(gone.apply(paneId));
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

    /** The next press's wait: twice the last, but no more than eight first waits (a loading harness is pressed on). */
    private Duration longer(Duration wait) {
        Duration twice = wait.multipliedBy(2);
        Duration most = timing.firstEnterTimeout().multipliedBy(8);
        return twice.compareTo(most) > 0 ? most : twice;
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
                ? Deliverer.DIALOG_OPEN
                : "its input box does not show the typed text (" + name(state) + ")";
        return new DeliveryResult.Failed(paneId, "pane " + paneId + ": " + seen + "; " + what);
    }

    private static String name(InputBox.State state) {
        return state.name().toLowerCase(Locale.ROOT);
    }
}
