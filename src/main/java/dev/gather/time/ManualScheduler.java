package dev.gather.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Virtual time: a clock and a scheduler that move only when {@link #advance} is called. The tests'
 * engine fixture and {@code gather rehearse} run gatherings on it, a day's beats in milliseconds.
 */
public final class ManualScheduler implements Scheduler {
    private record Task(Instant at, long seq, Runnable run) {}

    private final List<Task> tasks = new ArrayList<>();
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");
    private long seq;

    public synchronized Clock clock() {
        ManualScheduler self = this;
        return new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                synchronized (self) {
                    return now;
                }
            }
        };
    }

    @Override
    public synchronized AutoCloseable after(Duration delay, Runnable run) {
        Task t = new Task(now.plus(delay), seq++, run);
        tasks.add(t);
        return () -> {
            synchronized (this) {
                tasks.remove(t);
            }
        };
    }

    /** When the earliest waiting task falls due, if any waits. */
    public synchronized Optional<Instant> nextDue() {
        return tasks.stream().map(Task::at).min(Comparator.naturalOrder());
    }

    /** Moves time forward, running every task that falls due, in order. */
    public void advance(Duration d) {
        Instant end;
        synchronized (this) {
            end = now.plus(d);
        }
        while (true) {
            Task next;
            synchronized (this) {
                next = tasks.stream()
                        .filter(t -> !t.at.isAfter(end))
                        .min(Comparator.comparing(Task::at).thenComparing(Task::seq))
                        .orElse(null);
                if (next == null) {
                    now = end;
                    return;
                }
                tasks.remove(next);
                now = next.at;
            }
            next.run.run();
        }
    }
}
