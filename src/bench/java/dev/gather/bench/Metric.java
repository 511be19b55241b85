package dev.gather.bench;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One measured figure and, when there is one, its baseline measured in the same run.
 *
 * @param lowerIsBetter whether a smaller value is the better one (latency, CPU) or not (throughput)
 * @param target what the figure should meet, in words ({@code "p99 < 50 ms"}); empty when none
 * @param limit a headline row's target as a number in {@code unit}: the run fails when the figure
 *     misses it by more than {@link #MARGIN}; empty for rows that only inform
 */
public record Metric(
        String name,
        String unit,
        double value,
        OptionalDouble baseline,
        boolean lowerIsBetter,
        String target,
        OptionalDouble limit) {
    /**
     * How far past its limit a headline row may land before the run fails: the machine is shared, so
     * a target missed by a little is noise, and one missed by more than twice is a regression.
     */
    public static final double MARGIN = 2.0;

    public Metric {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(limit, "limit");
        target = target == null ? "" : target;
    }

    /** A figure with no baseline. */
    public static Metric of(String name, String unit, double value, String target) {
        return new Metric(name, unit, value, OptionalDouble.empty(), true, target, OptionalDouble.empty());
    }

    /** A figure next to its baseline; lower is better. */
    public static Metric vs(String name, String unit, double value, double baseline, String target) {
        return new Metric(name, unit, value, OptionalDouble.of(baseline), true, target, OptionalDouble.empty());
    }

    /** A figure where more is better (a throughput), with no baseline. */
    public static Metric atLeast(String name, String unit, double value, String target) {
        return new Metric(name, unit, value, OptionalDouble.empty(), false, target, OptionalDouble.empty());
    }

    /** This row as a headline: {@code limit} (in its unit) is what {@link #target} says in words. */
    public Metric headline(double limit) {
        return new Metric(name, unit, value, baseline, lowerIsBetter, target, OptionalDouble.of(limit));
    }

    /** How many times better than the baseline (baseline / value when lower is better); empty without one. */
    public OptionalDouble ratio() {
        if (baseline.isEmpty() || value == 0 || baseline.getAsDouble() == 0) {
            return OptionalDouble.empty();
        }
        double b = baseline.getAsDouble();
        return OptionalDouble.of(lowerIsBetter ? b / value : value / b);
    }

    /** Whether this is a headline row that missed its limit by more than {@link #MARGIN}. */
    public boolean missed() {
        if (limit.isEmpty()) {
            return false;
        }
        double l = limit.getAsDouble();
        return lowerIsBetter ? value > l * MARGIN : value * MARGIN < l;
    }

    /** Why the run failed on this row, in one line. */
    String miss() {
        return String.format(
                Locale.ROOT,
                "%s: %s %s misses its target (%s) by more than %.0fx",
                name,
                Report.format(value),
                unit,
                target.isEmpty() ? (lowerIsBetter ? "≤ " : "≥ ") + Report.format(limit.orElse(0)) + " " + unit : target,
                MARGIN);
    }
}
