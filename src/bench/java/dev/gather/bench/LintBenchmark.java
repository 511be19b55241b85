package dev.gather.bench;

import dev.gather.rhythm.RhythmLoader;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** `gather lint` of 1,000 rhythm files in one process, against building the schema per file. */
final class LintBenchmark extends Benchmark {
    LintBenchmark() {
        super("lint");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        int n = context.sized(100, 1000);
        String daily;
        try (InputStream in = LintBenchmark.class.getResourceAsStream("/rhythms/daily.yaml")) {
            daily = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Path f = context.scratch().resolve("r" + i + ".yaml");
            Files.writeString(f, daily.replace("name: daily", "name: daily-" + i));
            files.add(f);
        }
        RhythmLoader.load(files.get(0)); // the schema is built once per process, as in gather lint
        long start = System.nanoTime();
        for (Path f : files) {
            RhythmLoader.load(f);
        }
        double ours = (System.nanoTime() - start) / 1e6;
        int baselineFiles = Math.max(20, n / 10);
        start = System.nanoTime();
        for (int i = 0; i < baselineFiles; i++) {
            RhythmLoader.checkWithFreshSchema(files.get(i));
        }
        double baselinePerFile = (System.nanoTime() - start) / 1e6 / baselineFiles;
        return List.of(
                Metric.vs(
                        "lint " + n + " files (in-process work)",
                        "ms",
                        ours,
                        baselinePerFile * n,
                        "well under 1 s for 1,000"),
                Metric.vs("lint per file", "ms", ours / n, baselinePerFile, ""));
    }
}
