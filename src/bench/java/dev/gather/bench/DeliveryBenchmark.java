package dev.gather.bench;

import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.ExecTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Delivery latency to 1, 2, 8 and 16 {@code cat} panes on a private tmux server, until every
 * recipient shows the text and took Enter: control mode, exec, and the old design, same run.
 */
final class DeliveryBenchmark extends Benchmark {
    private static final int[] FANOUT = {1, 2, 8, 16};
    private static final String TEXT = "[Ana] (1):\n\nthe benchmark message, two lines ✓";

    DeliveryBenchmark() {
        super("delivery");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        String socket = BenchContext.privateSocket();
        TmuxConfig config = TmuxConfig.socket(socket);
        int samples = context.sized(5, 60);
        ControlModeTmux control = ControlModeTmux.connect(config);
        ExecTmux exec = new ExecTmux(config);
        try {
            List<String> panes = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                Pane p = control.spawn(SpawnSpec.of("bench-" + i, context.scratch(), "cat"));
                panes.add(p.id());
            }
            // an injected delay lands where a real regression would: a wait before every Enter
            HarnessQuirks quirks = new HarnessQuirks("generic", context.injectedDelay(), "", "");
            // with a delay injected the delay is what is measured: warming the JIT for it only costs time
            int warmUps = !context.injectedDelay().isZero() ? 2 : context.sized(30, 100);
            Map<Integer, double[]> ctl = measure(control, panes, samples, quirks, warmUps);
            Map<Integer, double[]> floor = measureFloor(control, panes, samples);
            Map<Integer, double[]> ex = measure(exec, panes, samples, quirks, warmUps);
            // the old design takes no injected delay, so it would only measure a plain run's baseline again:
            // 27 s a sample, of which a run that proves the benchmark fails needs nothing
            Map<Integer, double[]> old = Map.of();
            if (context.injectedDelay().isZero()) {
                try (OldDesignDelivery oldDesign = new OldDesignDelivery(socket)) {
                    old = measureOld(oldDesign, panes, context.sized(1, 3));
                }
            }
            List<Metric> m = metrics(ctl, ex, old);
            m.add(Metric.of(
                    "tmux itself (paste + Enter, no waits) 16 / 2 panes",
                    "x",
                    percentile(floor.get(16), 0.5) / percentile(floor.get(2), 0.5),
                    "context: tmux's serial per-pane work"));
            return m;
        } finally {
            exec.close();
            control.killServer();
        }
    }

    private static Map<Integer, double[]> measure(
            Tmux tmux, List<String> panes, int samples, HarnessQuirks quirks, int warmUps) {
        try (Deliverer d = new Deliverer(tmux, quirks)) {
            // warm-up: output subscriptions, then enough rounds for the JIT to compile the hot path
            for (int i = 0; i < warmUps; i++) {
                check(d.deliverAll(panes, TEXT));
            }
            return timed(panes, samples, 0, (to, s) -> check(d.deliverAll(to, TEXT + " #" + s)));
        }
    }

    /** Only the tmux commands of a fan-out, pipelined, acknowledged; no waiting for screens. */
    private static Map<Integer, double[]> measureFloor(Tmux tmux, List<String> panes, int samples) {
        return timed(panes, samples, 20, (to, s) -> {
            List<CompletableFuture<Void>> acks =
                    new ArrayList<>(tmux.pasteAllAsync(to, "floor " + s).values());
            to.forEach(p -> acks.add(tmux.sendKeysAsync(p, "Enter")));
            acks.forEach(CompletableFuture::join);
        });
    }

    private static Map<Integer, double[]> measureOld(OldDesignDelivery old, List<String> panes, int samples) {
        return timed(panes, samples, 0, (to, s) -> old.deliver(to, "old design message #" + s)
                .join());
    }

    /** One fan-out to panes {@code to}, numbered {@code s} (below 0: a warm-up). */
    private interface FanOut {
        void send(List<String> to, int s);
    }

    /**
     * The milliseconds each of {@code samples} fan-outs to the first 1, 2, 8 and 16 {@code panes}
     * took, after {@code warmUps} untimed ones of each size.
     */
    private static Map<Integer, double[]> timed(List<String> panes, int samples, int warmUps, FanOut fanOut) {
        Map<Integer, double[]> out = new LinkedHashMap<>();
        for (int n : FANOUT) {
            double[] ms = new double[samples];
            for (int s = -warmUps; s < samples; s++) {
                long t0 = System.nanoTime();
                fanOut.send(panes.subList(0, n), s);
                if (s >= 0) {
                    ms[s] = (System.nanoTime() - t0) / 1e6;
                }
            }
            out.put(n, ms);
        }
        return out;
    }

    private static void check(Map<String, DeliveryResult> results) {
        for (DeliveryResult r : results.values()) {
            if (!(r instanceof DeliveryResult.Delivered)) {
                throw new IllegalStateException("benchmark delivery did not arrive: " + r);
            }
        }
    }

    private static List<Metric> metrics(
            Map<Integer, double[]> ctl, Map<Integer, double[]> ex, Map<Integer, double[]> old) {
        List<Metric> m = new ArrayList<>();
        for (int n : FANOUT) {
            String to = n + (n == 1 ? " pane" : " panes");
            double[] before = old.get(n);
            Metric p99 = row("delivery control p99 to " + to, ctl.get(n), 0.99, before, n == 8 ? "p99 < 50 ms" : "");
            m.add(row("delivery control p50 to " + to, ctl.get(n), 0.5, before, ""));
            m.add(n == 8 ? p99.headline(50) : p99);
            m.add(row("delivery exec p50 to " + to, ex.get(n), 0.5, before, ""));
            m.add(row("delivery exec p99 to " + to, ex.get(n), 0.99, before, ""));
        }
        m.add(sixteenToTwo("delivery control p50", ctl, 0.5, "≤ 1.5"));
        m.add(sixteenToTwo("delivery control p99", ctl, 0.99, "≤ 1.5"));
        m.add(sixteenToTwo("delivery exec p50", ex, 0.5, ""));
        return m;
    }

    /** The {@code q} percentile of {@code ms}, against the old design's when it was measured ({@code before}). */
    private static Metric row(String name, double[] ms, double q, double[] before, String target) {
        return before == null
                ? Metric.of(name, "ms", percentile(ms, q), target)
                : Metric.vs(name, "ms", percentile(ms, q), percentile(before, q), target);
    }

    /** How many times longer the {@code q} percentile of {@code ms} took to 16 panes than to 2. */
    private static Metric sixteenToTwo(String name, Map<Integer, double[]> ms, double q, String target) {
        return Metric.of(
                name + " 16 panes / 2 panes", "x", percentile(ms.get(16), q) / percentile(ms.get(2), q), target);
    }

    static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
