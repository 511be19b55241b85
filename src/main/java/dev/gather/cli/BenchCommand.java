package dev.gather.cli;

import dev.gather.bench.BenchRunner;
import dev.gather.rhythm.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Run the benchmarks next to the design gather replaces, measured in the same run.",
            "Prints a table and writes target/bench/summary.json. Exits 1 when a benchmark fails or a",
            "headline row misses its target by more than 2x.",
            "",
            "Example:  gather bench --quick",
        })
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--quick", description = "Shortest runs that still exercise every benchmark (for CI).")
    boolean quick;

    @Option(names = "--only", description = "Run only benchmarks whose name contains this text.")
    String only;

    @Option(
            names = "--out",
            description = "Summary file (default: ${DEFAULT-VALUE}).",
            defaultValue = "target/bench/summary.json")
    Path out;

    @Option(
            names = "--markdown",
            description =
                    "Also write the run, with its commit, date, machine and load, into this document's generated block (make bench: docs/performance.md).")
    Path markdown;

    @Option(
            names = "--inject-delay",
            hidden = true,
            description =
                    "Wait this long before every Enter in the delivery benchmark (e.g. 200ms): proves a miss fails the run.")
    String injectDelay;

    @Override
    public Integer call() throws Exception {
        Duration delay = injectDelay == null ? Duration.ZERO : Durations.parse(injectDelay);
        return new BenchRunner(new BenchRunner.Options(quick, only, out, delay, Optional.ofNullable(markdown)))
                .run(System.out);
    }
}
