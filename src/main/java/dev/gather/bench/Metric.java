package dev.gather.bench;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One measured figure and, when there is one, its baseline measured in the same run.
 *
 * @param lowerIsBetter whether a smaller value is the better one (latency, CPU) or not (throughput)
 * @param target what the figure should meet, in words ({@code "p99 < 50 ms"}); empty when none
 */
public record Metric(
        String name, String unit, double value, OptionalDouble baseline, boolean lowerIsBetter, String target) {
    public Metric {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(baseline, "baseline");
        target = target == null ? "" : target;
    }

    /** A figure with no baseline. */
    public static Metric of(String name, String unit, double value, String target) {
        return new Metric(name, unit, value, OptionalDouble.empty(), true, target);
    }

    /** A figure next to its baseline; lower is better. */
    public static Metric vs(String name, String unit, double value, double baseline, String target) {
        return new Metric(name, unit, value, OptionalDouble.of(baseline), true, target);
    }

    /** How many times better than the baseline (baseline / value when lower is better); empty without one. */
    public OptionalDouble ratio() {
        if (baseline.isEmpty() || value == 0 || baseline.getAsDouble() == 0) {
            return OptionalDouble.empty();
        }
        double b = baseline.getAsDouble();
        return OptionalDouble.of(lowerIsBetter ? b / value : value / b);
    }
}
