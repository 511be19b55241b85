package dev.gather.door;

import dev.gather.process.Threads;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The doors gather knows, by the harness they open ({@code codex}, {@code claude}): the daemon picks a
 * member's door from the harness running in its pane. A harness without one is typed into.
 */
public final class Doors implements AutoCloseable {
    /** The name status shows for the keystroke path: today's paste, Enter and screen checks. */
    public static final String KEYSTROKES = "keystrokes";

    private final Map<String, DoorFactory> byHarness = new ConcurrentHashMap<>();
    private final Optional<ExecutorService> runs;

    private Doors(Optional<ExecutorService> runs) {
        this.runs = runs;
    }

    /** No doors: every member is typed into. */
    public static Doors none() {
        return new Doors(Optional.empty());
    }

    /**
     * The doors gather ships: Codex's own queue, once a turn end named a pane's thread ({@code
     * threadOfPane}); transcripts are watched on {@code timer}. Every other harness is typed into.
     * Close it: it owns the threads {@code codex queue} runs on.
     */
    public static Doors shipped(Function<String, Optional<String>> threadOfPane, ScheduledExecutorService timer) {
        // `codex queue` runs off the post office's threads: a hung one must not hold a member's channel
        ExecutorService runs = Threads.bounded("gather-codex-door", 8);
        return new Doors(Optional.of(runs)).register("codex", new CodexDoors(threadOfPane, timer, runs));
    }

    /** From now on {@code harness}'s members are reached through {@code factory}'s doors. */
    public Doors register(String harness, DoorFactory factory) {
        byHarness.put(harness, factory);
        return this;
    }

    /** From now on {@code harness}'s members are typed into. */
    public Doors forget(String harness) {
        byHarness.remove(harness);
        return this;
    }

    /** The factory of {@code harness}'s doors, if it has any. */
    public Optional<DoorFactory> of(String harness) {
        return Optional.ofNullable(byHarness.get(harness));
    }

    /** Whether {@code harness} has a door at all (its members' messages go through {@link #open}). */
    public boolean has(String harness) {
        return byHarness.containsKey(harness);
    }

    /** The door into {@code pane}, which runs {@code harness}, or why it is to be typed into now. */
    public Opening open(String harness, String pane, Supplier<OptionalLong> pid) {
        DoorFactory factory = byHarness.get(harness);
        return factory == null
                ? new Opening.Absent(KEYSTROKES, harness + " has no door of its own")
                : factory.open(pane, pid);
    }

    /** Stops the threads these doors run on; a door handed a message after this fails it. */
    @Override
    public void close() {
        runs.ifPresent(ExecutorService::shutdownNow);
    }
}
