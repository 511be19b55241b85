package dev.gather.tmux;

import dev.gather.time.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pane's output as a stream, plus a "settled" signal once the pane has printed nothing for
 * {@code quiet}: the fallback turn-output source for programs without hooks. Output is pushed by
 * the driver (control-mode {@code %output}), never polled; one timer at a time checks quietness.
 */
public final class PaneOutput implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PaneOutput.class);
    private static final int MAX_HELD = 1 << 20;

    /** Receives the pane's output and the settled signals; called on the driver's threads, keep it quick. */
    public interface Listener {
        void output(String text);

        /** The pane was quiet for the configured period; {@code text} is everything since the last settle. */
        void settled(String text);
    }

    private final Duration quiet;
    private final Clock clock;
    private final Scheduler scheduler;
    private final Listener listener;
    private final StringBuilder held = new StringBuilder();
    private AutoCloseable subscription;
    private AutoCloseable timer;
    private Instant last;
    private boolean closed;

    PaneOutput(Duration quiet, Clock clock, Scheduler scheduler, Listener listener) {
        if (quiet.isNegative() || quiet.isZero()) {
            throw new IllegalArgumentException("quiet period must be positive (was " + quiet + ")");
        }
        this.quiet = quiet;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** Starts streaming {@code paneId}; close the result to stop. */
    public static PaneOutput watch(
            Tmux tmux, String paneId, Duration quiet, Clock clock, Scheduler scheduler, Listener listener) {
        PaneOutput out = new PaneOutput(quiet, clock, scheduler, listener);
        out.subscription = tmux.onOutput(paneId, out::accept);
        return out;
    }

    void accept(String text) {
        synchronized (this) {
            if (closed) {
                return;
            }
            last = clock.instant();
            if (held.length() + text.length() <= MAX_HELD) {
                held.append(text);
            }
            if (timer == null) {
                timer = scheduler.after(quiet, this::check);
            }
        }
        listener.output(text);
    }

    private void check() {
        String text;
        synchronized (this) {
            timer = null;
            if (closed || last == null) {
                return;
            }
            Duration since = Duration.between(last, clock.instant());
            if (since.compareTo(quiet) < 0) {
                timer = scheduler.after(quiet.minus(since), this::check);
                return;
            }
            text = held.toString();
            held.setLength(0);
            last = null;
        }
        listener.settled(text);
    }

    @Override
    public void close() {
        AutoCloseable sub;
        AutoCloseable t;
        synchronized (this) {
            closed = true;
            sub = subscription;
            t = timer;
        }
        for (AutoCloseable c : new AutoCloseable[] {t, sub}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                LOG.debug("closing pane output: {}", e.getMessage());
            }
        }
    }
}
