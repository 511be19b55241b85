package dev.gather.bench;

import java.util.List;

/**
 * One benchmark: measures gather and, in the same run, the baseline it is compared with (the design
 * gather replaces), and returns both as metrics.
 */
public abstract class Benchmark {
    private final String name;

    /** A benchmark shown in the table, and chosen with {@code --only}, as {@code name} (e.g. {@code delivery}). */
    protected Benchmark(String name) {
        this.name = name;
    }

    /** Short name shown in the table, e.g. {@code delivery}. */
    public final String name() {
        return name;
    }

    /** Runs the measurement; {@code quick} asks for the shortest run that still exercises every path. */
    public abstract List<Metric> run(BenchContext context) throws Exception;
}
