package dev.gather.server;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ends a connection that holds its place without asking anything: a request line must begin
 * within {@code limit} of the connection opening or of its last answer. Streams and sessions that
 * took their connection over are not watched; they are served for as long as their client stays.
 * Deadlines are read from the injected {@link Clock} by a sweep every {@link #SWEEP} while any
 * connection is watched: a test moves the clock past the limit and sees the connections end without
 * waiting the limit out.
 */
final class IdleWatch implements AutoCloseable {
    /** How often deadlines are checked: a connection ends at most this long after its deadline. */
    static final Duration SWEEP = Duration.ofSeconds(1);

    private final Duration limit;
    private final Clock clock;
    private final Map<Watch, Instant> deadlines = new ConcurrentHashMap<>();
    private final AtomicBoolean sweeping = new AtomicBoolean();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gather-idle");
        t.setDaemon(true);
        return t;
    });

    /** One connection watched until its next request line begins. */
    final class Watch {
        private final Runnable end;

        private Watch(Runnable end) {
            this.end = end;
        }

        /** A request began in time: this connection is not ended. */
        void cancel() {
            deadlines.remove(this);
        }
    }

    IdleWatch(Duration limit, Clock clock) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("the idle limit must be positive (was " + limit + ")");
        }
        this.limit = limit;
        this.clock = clock;
    }

    Duration limit() {
        return limit;
    }

    /**
     * Runs {@code end} unless the returned watch is cancelled within the limit; none once this watch
     * is closed, as the server stops, whose connections then end instead of waiting for another line.
     */
    Optional<Watch> watch(Runnable end) {
        if (timer.isShutdown()) {
            return Optional.empty();
        }
        Watch w = new Watch(end);
        deadlines.put(w, clock.instant().plus(limit));
        sweepSoon();
        return Optional.of(w);
    }

    /** A sweep a moment from now unless one is due: a daemon with no connection is never woken for one. */
    private void sweepSoon() {
        if (sweeping.compareAndSet(false, true)) {
            try {
                timer.schedule(
                        () -> {
                            sweeping.set(false);
                            sweep();
                            if (!deadlines.isEmpty()) {
                                sweepSoon();
                            }
                        },
                        SWEEP.toMillis(),
                        TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closed) {
                sweeping.set(false);
            }
        }
    }

    /** Ends every watched connection whose deadline the clock has passed. */
    void sweep() {
        Instant now = clock.instant();
        deadlines.forEach((w, deadline) -> {
            if (!now.isBefore(deadline) && deadlines.remove(w, deadline)) {
                try {
                    w.end.run();
                } catch (RuntimeException e) {
                    // one connection failing to end must not stop the sweep for the others
                }
            }
        });
    }

    @Override
    public void close() {
        timer.shutdownNow();
        deadlines.clear();
    }
}
