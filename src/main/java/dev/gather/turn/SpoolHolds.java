package dev.gather.turn;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The spool files this process wrote and still holds open: the daemon believes a file's header only
 * while the process it names as its writer holds that very file (it looks in {@code /proc/<pid>/fd}),
 * so a long-lived writer (the simulated agent, a test) keeps each one open until the daemon took it.
 * One daemon thread looks every 50 ms and closes what left {@code in/}, or what waited {@link #BOUND}.
 */
final class SpoolHolds {
    /** Longer than any daemon takes to come back on a loaded machine; a bound on open files all the same. */
    static final Duration BOUND = Duration.ofMinutes(10);

    private static final Duration LOOK = Duration.ofMillis(50);
    private static final Map<Path, Held> HELD = new ConcurrentHashMap<>();
    private static Thread looker;

    private record Held(FileChannel channel, long since) {}

    private SpoolHolds() {}

    /** Keeps {@code channel} (open on the file now at {@code file}) open until the file is gone. */
    static synchronized void hold(Path file, FileChannel channel) {
        HELD.put(file, new Held(channel, System.nanoTime()));
        if (looker == null) {
            looker = new Thread(SpoolHolds::look, "gather-spool-holds");
            looker.setDaemon(true);
            looker.start();
        }
    }

    /** Waits until {@code file} left the spool (the daemon took it) or {@code patience} ran out. */
    static boolean awaitTaken(Path file, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        while (Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        return true;
    }

    private static void look() {
        while (true) {
            LockSupport.parkNanos(LOOK.toNanos());
            long now = System.nanoTime();
            HELD.forEach((file, held) -> {
                if (!Files.exists(file) || now - held.since() > BOUND.toNanos()) {
                    HELD.remove(file);
                    try {
                        held.channel().close();
                    } catch (IOException e) {
                        // closing a file opened for writing only: nothing left to lose
                    }
                }
            });
        }
    }
}
