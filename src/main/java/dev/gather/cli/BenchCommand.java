package dev.gather.cli;

import dev.gather.bench.BenchRunner;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Run the benchmarks next to the design gather replaces, measured in the same run.",
            "Prints a table and writes target/bench/summary.json.",
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

    @Override
    public Integer call() throws Exception {
        return new BenchRunner(quick, only, out).run(System.out);
    }
}
