package dev.gather.bench;

import dev.gather.rhythm.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code make bench}: the benchmarks, a developer's tool outside the product (its jar, gather-bench.jar,
 * sits next to gather.jar and is never shipped).
 */
@Command(name = "gather-bench", resourceBundle = "dev.gather.bench.help", mixinStandardHelpOptions = true)
public final class BenchMain implements Callable<Integer> {
    @Option(names = "--quick")
    boolean quick;

    @Option(names = "--only")
    String only;

    @Option(names = "--out", defaultValue = "target/bench/summary.json")
    Path out;

    @Option(names = "--markdown")
    Path markdown;

    @Option(names = "--inject-delay", hidden = true)
    String injectDelay;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Duration delay = injectDelay == null ? Duration.ZERO : Durations.parse(injectDelay);
        return new BenchRunner(new BenchRunner.Options(quick, only, out, delay, Optional.ofNullable(markdown)))
                .run(System.out);
    }
}
