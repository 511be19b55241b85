package dev.gather.bench;

import dev.gather.about.Build;
import dev.gather.harness.FakeModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the real-harness benchmarks share: the pinned harnesses the test suite installed with npm
 * ({@code ~/.cache/gather/harnesses/<pins>/}), the shell {@code bin/gather} their hooks run, the
 * row that says why a harness was not measured, and the time from a hook to the model's request.
 */
final class PinnedHarnesses {
    private PinnedHarnesses() {}

    /** Where the test suite installs the pinned harnesses: {@code $XDG_CACHE_HOME/gather/harnesses}, else under HOME. */
    static Path cache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        return (xdg != null && !xdg.isBlank()
                        ? Path.of(xdg)
                        : Path.of(System.getenv().getOrDefault("HOME", System.getProperty("user.home")), ".cache"))
                .resolve("gather/harnesses");
    }

    /** The newest pinned {@code bin} ({@code claude}, {@code codex}, {@code gemini}) installed in {@code cache}. */
    static Optional<Path> npm(Path cache, String bin) {
        if (!Files.isDirectory(cache)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(cache)) {
            return dirs.map(d -> d.resolve("node_modules/.bin").resolve(bin))
                    .filter(Files::isExecutable)
                    .max(Comparator.comparing(PinnedHarnesses::modified));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** bin/gather next to the jar (or target/classes) this runs from: its hook is shell, no JVM per turn. */
    static Optional<Path> launcher() {
        try {
            Path bin = Build.launcherBeside();
            return Files.isExecutable(bin) ? Optional.of(bin) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Why {@code bin} cannot be measured here, or empty when it (in {@code cache}) and bin/gather are both found. */
    static Optional<String> missing(Path cache, String bin) {
        if (npm(cache, bin).isEmpty()) {
            return Optional.of("no pinned " + bin + " in " + cache + " (make test and make bench install it)");
        }
        return launcher().isEmpty() ? Optional.of("bin/gather not found next to the jar") : Optional.empty();
    }

    /** A row that was not measured, and why. */
    static Metric notMeasured(String name, String why) {
        return Metric.of(name, "n/a", 0, why);
    }

    /**
     * From each sample's hook to the first of the model's turn requests ({@code turns}, in order) whose
     * last user text carries its words: when the model had them.
     */
    static double[] hookToModel(List<HarnessRelay.Sample> samples, List<FakeModel.Call> turns) {
        return samples.stream()
                .mapToDouble(s -> turns.stream()
                        .filter(c -> c.lastUserText().contains(s.text()))
                        .findFirst()
                        .map(c -> (double) (c.at().toEpochMilli() - s.hookMillis()))
                        .orElseThrow(() -> new IllegalStateException("no model request carried: " + s.text())))
                .toArray();
    }

    /** From each sample's hook to the other member taking its words. */
    static double[] hookToTaken(List<HarnessRelay.Sample> samples) {
        return samples.stream()
                .mapToDouble(s -> s.takenMillis() - s.hookMillis())
                .toArray();
    }

    /** What a door's p50 should meet, in ms: the native doors' goal (issue 22). */
    static final double DOOR_GOAL_MS = 150;

    /** The door rows' target: the goal, and how many of {@code samples} were typed instead (their door was not open). */
    static String throughTheDoor(List<HarnessRelay.Sample> samples) {
        long typed = samples.stream().filter(s -> !s.door()).count();
        return "goal: p50 ≤ " + (int) DOOR_GOAL_MS + " ms through a door"
                + (typed == 0 ? "" : "; " + typed + " of " + samples.size() + " typed instead (the door was not open)");
    }

    /** From each sample's hook to its door answering that it has the words (samples that were typed left out). */
    static double[] hookToHanded(List<HarnessRelay.Sample> samples) {
        return samples.stream()
                .filter(HarnessRelay.Sample::door)
                .mapToDouble(s -> s.handedMillis().getAsLong() - s.hookMillis())
                .toArray();
    }

    /**
     * Hook to the model's request, p50 and p99, through {@code door} ({@code handed}, reaching the model at
     * {@code doorMs}) against {@code against} ({@code keysMs}); and how much of it the door's own answer took.
     * The p50 row is a headline (the run fails when it misses {@link #DOOR_GOAL_MS} by more than {@link
     * Metric#MARGIN}) unless {@code notHeadline} says why it only shows the goal; a headline door that
     * did not carry every sample fails the benchmark, as typing would hide it.
     */
    static List<Metric> doorRows(
            String door,
            String against,
            List<HarnessRelay.Sample> handed,
            double[] doorMs,
            double[] keysMs,
            Optional<String> notHeadline) {
        String vs = door + " vs " + against;
        if (notHeadline.isEmpty() && handed.stream().anyMatch(s -> !s.door())) {
            throw new IllegalStateException(door + ": " + throughTheDoor(handed));
        }
        Metric p50 = Metric.vs(
                "hook to the model has the words p50, " + vs,
                "ms",
                p50(doorMs),
                p50(keysMs),
                throughTheDoor(handed)
                        + notHeadline
                                .map(why -> " (not a headline: " + why + ")")
                                .orElse(""));
        List<Metric> rows = new ArrayList<>(List.of(
                notHeadline.isPresent() ? p50 : p50.headline(DOOR_GOAL_MS),
                Metric.vs("hook to the model has the words p99, " + vs, "ms", p99(doorMs), p99(keysMs), "")));
        double[] answered = hookToHanded(handed);
        if (answered.length > 0) {
            rows.add(Metric.of("of which hook to the door's answer p50, " + door, "ms", p50(answered), ""));
        }
        return rows;
    }

    static double p50(double[] ms) {
        return DeliveryBenchmark.percentile(ms, 0.5);
    }

    static double p99(double[] ms) {
        return DeliveryBenchmark.percentile(ms, 0.99);
    }
}
