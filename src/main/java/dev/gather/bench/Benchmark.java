package dev.gather.bench;

import java.util.List;

/**
 * One benchmark: measures gather and, in the same run, the baseline it is compared with (the design
 * gather replaces), and returns both as metrics.
 */
public interface Benchmark {

    /** Short name shown in the table, e.g. {@code delivery}. */
    String name();

    /** Runs the measurement; {@code quick} asks for the shortest run that still exercises every path. */
    List<Metric> run(BenchContext context) throws Exception;
}
