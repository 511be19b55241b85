package dev.gather.bench;

import dev.gather.about.Build;
import dev.gather.turn.HookParsers;
import dev.gather.turn.Spool;
import dev.gather.turn.SpoolWatcher;
import dev.gather.turn.TurnOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Time from a harness running its stop hook to the daemon's spool watcher holding the turn output:
 * gather's JVM-free shell hook ({@code bin/gather hook claude}) against a hook that starts a JVM
 * ({@code java … hook claude}, what any Java-only design would do on every turn).
 */
final class HookBenchmark extends Benchmark {
    HookBenchmark() {
        super("hook");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        Path claude = Files.createDirectories(context.scratch().resolve("home/.claude/projects/p"));
        Path transcript = claude.resolve("s.jsonl");
        Files.writeString(
                transcript,
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n"
                        + "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":"
                        + "[{\"type\":\"text\",\"text\":\"hello back\"}]}}\n");
        String payload = "{\"session_id\":\"s\",\"transcript_path\":\"" + transcript
                + "\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
        Path home = context.scratch().resolve("state");
        BlockingQueue<TurnOutput> arrived = new LinkedBlockingQueue<>();
        SpoolWatcher watcher = SpoolWatcher.start(
                new Spool(home.resolve("spool")),
                HookParsers.withClaudeRoots(List.of(context.scratch().resolve("home/.claude"))),
                arrived::add);
        try {
            List<String> shell = List.of(launcher().toString(), "hook", "claude");
            List<String> jvm = List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1",
                    "-Xshare:auto",
                    "-cp",
                    System.getProperty("java.class.path"),
                    "dev.gather.cli.Main",
                    "hook",
                    "claude");
            int runs = context.sized(3, 40);
            double[] ours = latencies(shell, payload, home, arrived, runs);
            double[] base = latencies(jvm, payload, home, arrived, context.sized(2, 15));
            return List.of(
                    Metric.vs("hook to turn output p50", "ms", pct(ours, 50), pct(base, 50), "p50 < 50 ms")
                            .headline(50),
                    Metric.vs("hook to turn output p99", "ms", pct(ours, 99), pct(base, 99), "p99 < 100 ms")
                            .headline(100));
        } finally {
            watcher.close();
        }
    }

    private static double[] latencies(
            List<String> command, String payload, Path home, BlockingQueue<TurnOutput> arrived, int runs)
            throws IOException, InterruptedException {
        List<Double> ms = new ArrayList<>();
        for (int i = -1; i < runs; i++) { // run -1 warms caches and is not counted
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.redirectError(ProcessBuilder.Redirect.INHERIT);
            pb.environment().put("GATHER_HOME", home.toString());
            pb.environment().put("TMUX_PANE", "%1");
            long start = System.nanoTime();
            Process p = pb.start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(payload.getBytes(StandardCharsets.UTF_8));
            }
            TurnOutput out = arrived.poll(60, TimeUnit.SECONDS);
            long end = System.nanoTime();
            if (out == null || !"hello back".equals(out.text())) {
                throw new IllegalStateException("hook event never reached the spool watcher: " + command.get(0));
            }
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("hook process failed: " + command.get(0));
            }
            if (i >= 0) {
                ms.add((end - start) / 1e6);
            }
        }
        return ms.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    private static double pct(double[] sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    /** bin/gather of this checkout: next to target/ whether running from the jar or from classes. */
    static Path launcher() {
        return PinnedHarnesses.launcher()
                .orElseThrow(() -> new IllegalStateException("cannot find the launcher " + Build.launcherBeside()));
    }
}
