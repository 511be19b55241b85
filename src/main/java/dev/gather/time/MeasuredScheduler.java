package dev.gather.time;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Scheduler} on a real executor that also records how late each task started (beats,
 * reminders, grace periods), so {@code status} and the benchmarks can show timer health. Keeps the
 * last 4,096 samples; recording is one clock read and a store.
 */
public final class MeasuredScheduler implements Scheduler {
    private static final int KEEP = 4096;

    private final ScheduledExecutorService executor;
    private final long[] lateNanos = new long[KEEP];
    private long fired;

    /** How late timers fired, over the kept samples. */
    public record Lateness(long fired, double p50Millis, double p99Millis, double maxMillis) {}

    public MeasuredScheduler(ScheduledExecutorService executor) {
        this.executor = executor;
    }

    @Override
    public AutoCloseable after(Duration delay, Runnable task) {
        long due = System.nanoTime() + delay.toNanos();
        var future = executor.schedule(
                () -> {
                    record(System.nanoTime() - due);
                    task.run();
                },
                delay.toNanos(),
                TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    private synchronized void record(long late) {
        lateNanos[(int) (fired++ % KEEP)] = Math.max(0, late);
    }

    public synchronized Lateness lateness() {
        int n = (int) Math.min(fired, KEEP);
        if (n == 0) {
            return new Lateness(0, 0, 0, 0);
        }
        long[] s = Arrays.copyOf(lateNanos, n);
        Arrays.sort(s);
        return new Lateness(fired, s[(n - 1) / 2] / 1e6, s[(int) Math.ceil(n * 0.99) - 1] / 1e6, s[n - 1] / 1e6);
    }
}
