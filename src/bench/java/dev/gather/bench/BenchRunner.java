package dev.gather.bench;

import dev.gather.home.Trees;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs the selected benchmarks, prints the table and writes the summary. The run fails when a
 * benchmark fails or a headline row misses its target by more than {@link Metric#MARGIN}: a
 * regression cannot pass with its target printed beside it.
 */
public final class BenchRunner {
    /** The performance document a whole run can regenerate, and whose age every run reports. */
    public static final Path DOC = Path.of("docs", "performance.md");

    /**
     * How to run.
     *
     * @param only run only benchmarks whose name contains this; null for all
     * @param injectedDelay slows every delivery of the delivery benchmark (to prove the run then fails)
     * @param markdown the document whose generated block this run rewrites; only a whole run may
     */
    public record Options(boolean quick, String only, Path out, Duration injectedDelay, Optional<Path> markdown) {
        public Options {
            Objects.requireNonNull(out, "out");
            Objects.requireNonNull(injectedDelay, "injectedDelay");
            Objects.requireNonNull(markdown, "markdown");
            if (markdown.isPresent() && (only != null || !injectedDelay.isZero())) {
                throw new IllegalArgumentException(
                        "--markdown writes the whole run: leave out --only and --inject-delay");
            }
        }
    }

    private final Options options;
    private final List<Benchmark> benchmarks;

    public BenchRunner(Options options) {
        this(options, Benchmarks.all());
    }

    BenchRunner(Options options, List<Benchmark> benchmarks) {
        this.options = options;
        this.benchmarks = List.copyOf(benchmarks);
    }

    /** Returns the exit code: 0 when every benchmark ran and every headline row held, 1 otherwise. */
    public int run(PrintStream console) throws Exception {
        Instant start = Instant.now();
        double loadStart = Machine.load();
        List<Metric> metrics = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Benchmark b : benchmarks) {
            if (options.only() != null && !b.name().contains(options.only())) {
                continue;
            }
            console.println("== " + b.name() + (options.quick() ? " (quick)" : ""));
            Path scratch = Files.createTempDirectory("gather-bench-" + b.name());
            Instant began = Instant.now();
            try {
                List<Metric> got = b.run(new BenchContext(scratch, options.quick(), options.injectedDelay()));
                metrics.addAll(got);
                Report.print(got, console);
                removeTree(scratch); // homes, journals and transcripts of a run no one reads again
            } catch (Exception e) {
                failures.add(b.name() + " failed: " + e);
                console.println("   failed: " + e);
                // a failed run's daemon log and journals are what tells why
                console.println("   kept for reading: " + scratch);
            }
            // what each benchmark costs, for keeping CI's quick run within its few minutes
            console.println("   took " + Duration.between(began, Instant.now()).toSeconds() + " s");
        }
        metrics.stream().filter(Metric::missed).forEach(m -> failures.add(m.miss()));
        console.println();
        console.println("== summary");
        Report.print(metrics, console);
        Report.writeJson(metrics, options.out());
        console.println("written: " + options.out());
        if (options.markdown().isPresent()) {
            BenchDoc.Run run = new BenchDoc.Run(
                    Machine.head(),
                    start,
                    Instant.now(),
                    Machine.describe(),
                    loadStart,
                    Machine.load(),
                    options.quick());
            BenchDoc.write(options.markdown().get(), BenchDoc.block(run, metrics));
            console.println("written: " + options.markdown().get());
        } else {
            BenchDoc.staleness(DOC, Path.of(".")).ifPresent(r -> console.println("reminder: " + r));
        }
        if (!failures.isEmpty()) {
            console.println();
            console.println("== FAILED (" + failures.size() + ")");
            failures.forEach(f -> console.println("   " + f));
        }
        return failures.isEmpty() ? 0 : 1;
    }

    /** Deletes {@code root} and everything in it; what cannot be deleted is said, not thrown. */
    private static void removeTree(Path root) {
        try {
            Trees.delete(root);
        } catch (IOException e) {
            System.err.println("could not remove " + root + ": " + e);
        }
    }
}
