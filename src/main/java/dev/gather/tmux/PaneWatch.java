package dev.gather.tmux;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Counts a pane's output chunks so a delivery can wait for "the screen changed" without polling
 * and without a blocked thread. Futures complete on {@code executor}, never on the driver's reader
 * thread (a continuation that writes to tmux there could deadlock against tmux writing to us).
 */
final class PaneWatch implements Consumer<String> {
    private record Waiter(long mark, CompletableFuture<Void> future) {}

    private final Executor executor;
    private final ScheduledExecutorService timer;
    private final List<Waiter> waiters = new ArrayList<>();
    private long chunks;
    private long lastNanos = System.nanoTime();
    private AutoCloseable subscription;

    PaneWatch(Executor executor, ScheduledExecutorService timer) {
        this.executor = executor;
        this.timer = timer;
    }

    void subscription(AutoCloseable s) {
        this.subscription = s;
    }

    @Override
    public void accept(String text) {
        List<CompletableFuture<Void>> due = new ArrayList<>();
        synchronized (this) {
            chunks++;
            lastNanos = System.nanoTime();
            for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
                Waiter w = it.next();
                if (chunks > w.mark) {
                    due.add(w.future);
                    it.remove();
                }
            }
        }
        due.forEach(f -> executor.execute(() -> f.complete(null)));
    }

    synchronized Duration quietFor() {
        return Duration.ofNanos(System.nanoTime() - lastNanos);
    }

    synchronized long mark() {
        return chunks;
    }

    /** Completes with true once output arrives after {@code mark}, with false after {@code timeout}. */
    CompletableFuture<Boolean> outputAfter(long mark, Duration timeout) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        synchronized (this) {
            if (chunks > mark) {
                return CompletableFuture.completedFuture(true);
            }
            waiters.add(new Waiter(mark, f));
        }
        var expiry =
                timer.schedule(() -> executor.execute(() -> f.cancel(false)), timeout.toNanos(), TimeUnit.NANOSECONDS);
        return f.handle((ok, e) -> {
            expiry.cancel(false);
            synchronized (this) {
                waiters.removeIf(w -> w.future == f);
            }
            return e == null;
        });
    }

    /** Completes once the pane has printed nothing for {@code quiet}, or after {@code timeout}. */
    CompletableFuture<Void> quiet(Duration quiet, Duration timeout) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        checkQuiet(f, quiet.toNanos(), System.nanoTime() + timeout.toNanos());
        return f;
    }

    private void checkQuiet(CompletableFuture<Void> f, long quietNanos, long deadline) {
        long now = System.nanoTime();
        long left;
        synchronized (this) {
            left = Math.min(lastNanos + quietNanos - now, deadline - now);
        }
        if (left <= 0) {
            executor.execute(() -> f.complete(null));
        } else {
            timer.schedule(() -> checkQuiet(f, quietNanos, deadline), left, TimeUnit.NANOSECONDS);
        }
    }

    void close() {
        try {
            if (subscription != null) {
                subscription.close();
            }
        } catch (Exception e) {
            // the pane or server is gone; there is nothing left to unsubscribe from
        }
    }
}
