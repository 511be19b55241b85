package dev.gather.bench;

import dev.gather.harness.FakeModel;
import dev.gather.harness.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A benchmark of one pinned harness the test suite installed with npm: its first row says n/a, and
 * why, when the harness or bin/gather is missing (a run without the cache still passes); otherwise
 * {@link #measure} runs it.
 */
abstract class PinnedHarnessBenchmark extends Benchmark {
    /**
     * What a measurement gets: its scratch {@code dir}, a {@code work} folder for the panes, how many
     * {@code samples} a pair takes, the harness's {@code program} and the {@code launcher} its hooks run.
     */
    record Setting(Path dir, Path work, int samples, Path program, Path launcher, boolean quick) {}

    private final String bin;
    private final String firstRow;
    final Path cache;

    /** The harness {@code bin} in {@code cache}; {@code firstRow} names the row that says n/a without it. */
    PinnedHarnessBenchmark(String bin, String firstRow, Path cache) {
        super(bin);
        this.bin = bin;
        this.firstRow = firstRow;
        this.cache = cache;
    }

    @Override
    public final List<Metric> run(BenchContext context) throws Exception {
        Optional<String> missing = PinnedHarnesses.missing(cache, bin);
        if (missing.isPresent()) {
            return List.of(PinnedHarnesses.notMeasured(firstRow, missing.get()));
        }
        Path dir = context.scratch();
        return measure(new Setting(
                dir,
                Files.createDirectories(dir.resolve("work")),
                context.sized(3, 12),
                PinnedHarnesses.npm(cache, bin).orElseThrow(),
                PinnedHarnesses.launcher().orElseThrow(),
                context.quick()));
    }

    /** The rows of this harness, measured in {@code setting}. */
    abstract List<Metric> measure(Setting setting) throws Exception;

    /**
     * A model script that answers every turn with new words ({@code <bin> bench turn N, over.}): no
     * turn's words are part of another's, so each is found in exactly the request that carried it.
     */
    Function<FakeModel.Call, Reply> numberedTurns() {
        AtomicInteger turns = new AtomicInteger();
        return c -> Reply.text(bin + " bench turn " + turns.incrementAndGet() + ", over.");
    }
}
