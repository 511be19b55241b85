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
 * No thread watches them: each new hold, and each wait for a file to be taken, closes what left
 * {@code in/} or waited {@link #BOUND}, so a writer holds at most what it wrote since the daemon last
 * took its files.
 */
final class SpoolHolds {
    /** Longer than any daemon takes to come back on a loaded machine; a bound on open files all the same. */
    static final Duration BOUND = Duration.ofMinutes(10);

    private static final Map<Path, Held> HELD = new ConcurrentHashMap<>();

    private record Held(FileChannel channel, long since) {}

    private SpoolHolds() {}

    /** Keeps {@code channel} (open on the file now at {@code file}) open until the file is gone. */
    static void hold(Path file, FileChannel channel) {
        release();
        HELD.put(file, new Held(channel, System.nanoTime()));
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
        release();
        return true;
    }

    /** Whether this process still holds {@code file} open. */
    static boolean holds(Path file) {
        return HELD.containsKey(file);
    }

    /** Closes what the daemon took (the file left {@code in/}) and what waited longer than {@link #BOUND}. */
    private static void release() {
        long now = System.nanoTime();
        HELD.forEach((file, held) -> {
            if ((!Files.exists(file) || now - held.since() > BOUND.toNanos()) && HELD.remove(file, held)) {
                try {
                    held.channel().close();
                } catch (IOException e) {
                    // closing a file opened for writing only: nothing left to lose
                }
            }
        });
    }
}
