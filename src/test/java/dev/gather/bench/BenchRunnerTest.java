package dev.gather.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Slow;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's exit code follows its headline rows: a target printed beside a figure that misses it by
 * more than twice fails the run, whether the figure comes from a benchmark given it or from the real
 * delivery benchmark slowed by an injected delay.
 */
@Slow
class BenchRunnerTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);

    private static Benchmark returning(Metric... metrics) {
        return new Benchmark("fixed") {
            @Override
            public List<Metric> run(BenchContext context) {
                return List.of(metrics);
            }
        };
    }

    private int run(boolean quick, String only, Duration delay, List<Benchmark> benchmarks) throws Exception {
        return new BenchRunner(
                        new BenchRunner.Options(quick, only, dir.resolve("summary.json"), delay, Optional.empty()),
                        benchmarks)
                .run(console);
    }

    @Test
    void aHeadlineWithinItsMarginPasses() throws Exception {
        Metric held = Metric.of("relay p99", "ms", 80, "p99 < 50 ms").headline(50);
        assertEquals(0, run(true, null, Duration.ZERO, List.of(returning(held))));
        String out = printed.toString(StandardCharsets.UTF_8);
        assertFalse(out.contains("FAILED"), out);
        assertTrue(
                out.matches("(?s)== fixed \\(quick\\)\n.*\n   took \\d+ s\n.*"),
                "each benchmark says what it cost: " + out);
    }

    @Test
    void aHeadlineMissedByMoreThanTwiceFailsTheRunAndSaysWhich() throws Exception {
        Metric missed = Metric.of("relay p99", "ms", 166, "p99 < 50 ms").headline(50);
        Metric context = Metric.of("context only", "ms", 1e6, "");
        assertEquals(1, run(true, null, Duration.ZERO, List.of(returning(missed, context))));
        String out = printed.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("relay p99: 166 ms misses its target (p99 < 50 ms)"), out);
        assertFalse(out.contains("context only: "), out);
    }

    @Test
    void theDeliveryBenchmarkSlowedByAnInjectedDelayFailsTheQuickRun() throws Exception {
        // 120 ms before every Enter puts p99 to 8 panes past 100 ms, twice its 50 ms target
        int code = run(true, "delivery", Duration.ofMillis(120), List.of(new DeliveryBenchmark()));
        String out = printed.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, out);
        assertTrue(out.contains("delivery control p99 to 8 panes: "), out);
        assertTrue(out.contains("misses its target (p99 < 50 ms)"), out);
    }
}
