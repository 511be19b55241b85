package dev.gather.tmux;

import java.util.function.Consumer;

/** Counts a pane's output chunks so a delivery can wait for "something changed" without polling. */
final class PaneWatch implements Consumer<String> {
    private long chunks;
    private long lastNanos = System.nanoTime();
    private AutoCloseable subscription;

    void subscription(AutoCloseable s) {
        this.subscription = s;
    }

    @Override
    public synchronized void accept(String text) {
        chunks++;
        lastNanos = System.nanoTime();
        notifyAll();
    }

    synchronized long mark() {
        return chunks;
    }

    /** Waits until output arrives after {@code mark}; false when {@code timeoutNanos} passed first. */
    synchronized boolean awaitOutputAfter(long mark, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (chunks == mark) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            waitNanos(left);
        }
        return true;
    }

    /** Waits until the pane has printed nothing for {@code quietNanos}, at most {@code timeoutNanos}. */
    synchronized void awaitQuiet(long quietNanos, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (true) {
            long now = System.nanoTime();
            long quietLeft = lastNanos + quietNanos - now;
            long left = deadline - now;
            if (quietLeft <= 0 || left <= 0) {
                return;
            }
            waitNanos(Math.min(quietLeft, left));
        }
    }

    private void waitNanos(long nanos) throws InterruptedException {
        wait(Math.max(1, nanos / 1_000_000));
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
