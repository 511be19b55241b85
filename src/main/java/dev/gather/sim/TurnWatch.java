package dev.gather.sim;

import dev.gather.client.DaemonStarter;
import dev.gather.home.StateDir;
import dev.gather.turn.Spool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Watches each turn the sim dropped into the spool until a daemon took it, bringing back a daemon
 * that is gone meanwhile, as bin/gather's shell hook does while it waits. Looking once, right after the
 * drop, missed a daemon killed a moment later: its turn stayed in the spool, and a direct link, which
 * makes no calls, stalled with nobody left to start a daemon.
 */
final class TurnWatch implements AutoCloseable {
    private static final Duration LOOK = Duration.ofSeconds(1);

    private final StateDir state;
    /** One thread, in the order the turns were dropped; it ends with the sim. */
    private final ExecutorService lane =
            new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "gather-sim-turn-watch");
                t.setDaemon(true);
                return t;
            });

    TurnWatch(StateDir state) {
        this.state = state;
    }

    /** Brings a gone daemon back now, and again each second until {@code dropped} was taken. */
    void watch(Path dropped) {
        DaemonStarter.revive(state);
        lane.execute(() -> {
            while (!Spool.awaitTaken(dropped, LOOK) && !Thread.currentThread().isInterrupted()) {
                DaemonStarter.revive(state);
            }
        });
    }

    @Override
    public void close() {
        lane.shutdownNow();
    }
}
