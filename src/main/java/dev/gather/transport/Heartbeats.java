package dev.gather.transport;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Liveness by this computer's own clock: another computer is alive while this one saw its heartbeat
 * change within the window. Its heartbeats carry its run and a count, no time, so a computer whose
 * clock is 30 s behind still holds its links and one an hour ahead that stops is gone as soon as any
 * other. An older beat written back into Redis (a replay) changes nothing.
 */
final class Heartbeats {
    /** Runs of one computer remembered as over, so an old beat of theirs is not news. */
    private static final int RUNS_KEPT = 64;

    private record Seen(String run, long beat, long atNanos) {}

    private final LongSupplier nanos;
    private final long window;
    private final Map<String, Seen> last = new HashMap<>();
    private final Map<String, Deque<String>> over = new HashMap<>();

    /** {@code nanos}: this computer's monotonic clock ({@code System::nanoTime}). */
    Heartbeats(Duration window, LongSupplier nanos) {
        this.window = window.toNanos();
        this.nanos = nanos;
    }

    /** Notes that {@code computer}'s heartbeat reads {@code runBeat} ({@code run-count}) now. */
    synchronized void saw(String computer, String runBeat) {
        int dash = runBeat.lastIndexOf('-');
        String run = runBeat.substring(0, dash);
        long beat = Long.parseLong(runBeat.substring(dash + 1));
        Seen before = last.get(computer);
        Deque<String> ended = over.computeIfAbsent(computer, c -> new ArrayDeque<>());
        boolean news = before == null || (before.run().equals(run) ? beat > before.beat() : !ended.contains(run));
        if (!news) {
            return;
        }
        if (before != null && !before.run().equals(run)) {
            ended.addLast(before.run());
            if (ended.size() > RUNS_KEPT) {
                ended.removeFirst();
            }
        }
        last.put(computer, new Seen(run, beat, nanos.getAsLong()));
    }

    /** Whether {@code computer}'s heartbeat changed within the window, by this computer's clock. */
    synchronized boolean alive(String computer) {
        Seen s = last.get(computer);
        return s != null && nanos.getAsLong() - s.atNanos() < window;
    }
}
