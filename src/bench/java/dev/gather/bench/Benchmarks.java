package dev.gather.bench;

import java.util.List;

/** Every benchmark `make bench` runs, in order. Add new ones here. */
final class Benchmarks {
    private Benchmarks() {}

    static List<Benchmark> all() {
        return List.of(
                new DeliveryBenchmark(),
                new RelayBenchmark(),
                new ThroughputBenchmark(),
                new HookBenchmark(),
                new ClientBenchmark(),
                new LintBenchmark(),
                new PulseBenchmark(),
                new IdleBenchmark(),
                new BeatLoadBenchmark(),
                new RemoteRelayBenchmark(),
                new WebLatencyBenchmark(),
                new ConnectionsBenchmark(),
                // last: real harnesses load the machine for minutes, and their servers' exit with it
                new ClaudeRelayBenchmark(PinnedHarnesses.cache()),
                new CodexRelayBenchmark(PinnedHarnesses.cache()),
                new GeminiRelayBenchmark(PinnedHarnesses.cache()),
                new CostBenchmark(PinnedHarnesses.cache()),
                new CountBenchmark(PinnedHarnesses.cache()));
    }
}
