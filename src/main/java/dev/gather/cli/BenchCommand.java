package dev.gather.cli;

import dev.gather.bench.BenchRunner;
import dev.gather.rhythm.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench", resourceBundle = "dev.gather.cli.help.bench", mixinStandardHelpOptions = true)
final class BenchCommand implements Callable<Integer> {
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

    @Override
    public Integer call() throws Exception {
        Duration delay = injectDelay == null ? Duration.ZERO : Durations.parse(injectDelay);
        return new BenchRunner(new BenchRunner.Options(quick, only, out, delay, Optional.ofNullable(markdown)))
                .run(System.out);
    }
}
