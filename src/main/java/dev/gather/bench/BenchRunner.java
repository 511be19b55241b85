package dev.gather.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the selected benchmarks, prints the table and writes the summary; a failing benchmark fails the run. */
public final class BenchRunner {
    private final boolean quick;
    private final String only;
    private final Path out;

    public BenchRunner(boolean quick, String only, Path out) {
        this.quick = quick;
        this.only = only;
        this.out = out;
    }

    /** Returns the exit code: 0 when every benchmark ran, 1 otherwise. */
    public int run(PrintStream console) throws Exception {
        List<Metric> metrics = new ArrayList<>();
        int failures = 0;
        for (Benchmark b : Benchmarks.all()) {
            if (only != null && !b.name().contains(only)) {
                continue;
            }
            console.println("== " + b.name() + (quick ? " (quick)" : ""));
            Path scratch = Files.createTempDirectory("gather-bench-" + b.name());
            try {
                List<Metric> got = b.run(new BenchContext(scratch, quick));
                metrics.addAll(got);
                Report.print(got, console);
            } catch (Exception e) {
                failures++;
                console.println("   failed: " + e);
            }
        }
        console.println();
        console.println("== summary");
        Report.print(metrics, console);
        Report.writeJson(metrics, out);
        console.println("written: " + out);
        return failures == 0 ? 0 : 1;
    }
}
