package dev.gather.server;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Ends a connection that holds its place without asking anything: a request line must begin
 * within {@code limit} of the connection opening or of its last answer. Streams and sessions that
 * took their connection over are not watched; they are served for as long as their client stays.
 */
final class IdleWatch implements AutoCloseable {
    private final Duration limit;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gather-idle");
        t.setDaemon(true);
        return t;
    });

    IdleWatch(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("the idle limit must be positive (was " + limit + ")");
        }
        this.limit = limit;
    }

    Duration limit() {
        return limit;
    }

    /**
     * Runs {@code end} unless the returned watch is cancelled within the limit; none once this watch
     * is closed, as the server stops, whose connections then end instead of waiting for another line.
     */
    Optional<ScheduledFuture<?>> watch(Runnable end) {
        try {
            return Optional.of(timer.schedule(end, limit.toMillis(), TimeUnit.MILLISECONDS));
        } catch (RejectedExecutionException closed) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
