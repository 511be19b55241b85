package dev.gather.tmux;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists panes periodically, only while someone listens, and on {@link #poke()} (control mode pokes
 * on window/layout notifications); polling still catches exits no notification announces (a pane
 * of a multi-pane window not linked to the control session, a pane kept by remain-on-exit).
 */
final class ExitPoller implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ExitPoller.class);
    private final ExitTracker tracker = new ExitTracker();
    private final Supplier<List<Pane>> panes;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gather-tmux-exit-poll");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;

    private final long periodMillis;

    ExitPoller(Supplier<List<Pane>> panes, long periodMillis) {
        this.panes = panes;
        this.periodMillis = periodMillis;
    }

    /** Lists panes soon, off the caller's thread (the caller may be tmux's reader). */
    void poke() {
        if (tracker.hasListeners() && !timer.isShutdown()) {
            timer.execute(this::poll);
        }
    }

    /**
     * Runs {@code task} soon on this poller's thread, which its driver owns: off the caller's (tmux's
     * reader). Nothing runs once the poller is closed.
     */
    void later(Runnable task) {
        try {
            timer.execute(task);
        } catch (RejectedExecutionException closed) {
            // the driver is closing: what the task would clean up goes with it
        }
    }

    synchronized AutoCloseable add(Consumer<String> sink) {
        AutoCloseable registration = tracker.add(sink);
        if (task == null) {
            tracker.update(panes.get());
            task = timer.scheduleWithFixedDelay(this::poll, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
        }
        return registration;
    }

    private void poll() {
        if (!tracker.hasListeners()) {
            return;
        }
        try {
            tracker.update(panes.get());
        } catch (TmuxException e) {
            LOG.debug("listing panes failed: {}", e.getMessage());
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
