package dev.gather.time;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Runs a task after a delay; the seam that lets timing logic run in virtual time in tests. */
@FunctionalInterface
public interface Scheduler {
    /** Schedules {@code task}; closing the result cancels it if it has not run. */
    AutoCloseable after(Duration delay, Runnable task);

    /** A scheduler backed by a real executor. */
    static Scheduler of(ScheduledExecutorService executor) {
        return (delay, task) -> {
            var future = executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
            return () -> future.cancel(false);
        };
    }
}
