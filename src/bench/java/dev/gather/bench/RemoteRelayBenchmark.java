package dev.gather.bench;

import dev.gather.daemon.Daemon;
import dev.gather.harness.LocalRedis;
import dev.gather.home.StateDir;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.TmuxConfig;
import dev.gather.transport.RemoteKey;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Relay latency across computers: two daemons (alpha and beta, each with its own tmux server and
 * state directory) joined by a real redis-server on loopback, next to a link inside alpha. Both
 * measured from the hook event's spool file to the words appearing in the recipient's pane.
 */
final class RemoteRelayBenchmark extends Benchmark {
    RemoteRelayBenchmark() {
        super("remote");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        if (!LocalRedis.available()) {
            return List.of(Metric.of("relay p50 across computers (Redis)", "n/a", 0, "redis-server not installed"));
        }
        int samples = context.sized(3, 20);
        Path dir = Files.createDirectories(context.scratch().resolve("remote"));
        LocalRedis redis = new LocalRedis(dir);
        String url = redis.url();
        ControlModeTmux tmuxA = ControlModeTmux.connect(TmuxConfig.socket(BenchContext.privateSocket()));
        ControlModeTmux tmuxB = ControlModeTmux.connect(TmuxConfig.socket(BenchContext.privateSocket()));
        Daemon alpha = null;
        Daemon beta = null;
        try {
            alpha = daemon(dir, "alpha", url, tmuxA);
            beta = daemon(dir, "beta", url, tmuxB);
            String ada = tmuxA.spawn(SpawnSpec.of("Ada", dir, "cat")).id();
            String cy = tmuxA.spawn(SpawnSpec.of("Cy", dir, "cat")).id();
            String eve = tmuxA.spawn(SpawnSpec.of("Eve", dir, "cat")).id();
            String bo = tmuxB.spawn(SpawnSpec.of("Bo", dir, "cat")).id();
            waitFor(alpha, "\"computer\":\"alpha\"", beta);
            link(alpha, ada, "beta:" + bo);
            link(alpha, eve, cy);
            double[] remote = measure(new Spool(new StateDir(dir.resolve("alpha")).spool()), ada, tmuxB, bo, samples);
            double[] local = measure(new Spool(new StateDir(dir.resolve("alpha")).spool()), eve, tmuxA, cy, samples);
            return List.of(
                    Metric.vs("relay p50 across computers (Redis) vs in one", "ms", remote[0], local[0], ""),
                    Metric.vs("relay p99 across computers (Redis) vs in one", "ms", remote[1], local[1], ""),
                    Metric.of("relay p50 across computers / in one", "x", remote[0] / local[0], "≤ 2"));
        } finally {
            // servers first: a closed daemon has closed its tmux driver, which could then kill nothing
            tmuxA.killServer();
            tmuxB.killServer();
            if (alpha != null) {
                alpha.close();
            }
            if (beta != null) {
                beta.close();
            }
            redis.close();
        }
    }

    /** One key for both computers, as `gather remote pair` would leave them: every envelope is signed. */
    private static final RemoteKey KEY = RemoteKey.generate();

    private static Daemon daemon(Path dir, String computer, String url, ControlModeTmux tmux) throws IOException {
        Path home = Files.createDirectories(dir.resolve(computer));
        KEY.save(home);
        Files.writeString(home.resolve("config.properties"), "computer=" + computer + "\nredis.url=" + url + "\n");
        return Daemon.inProcess(new StateDir(home), tmux);
    }

    private static void link(Daemon owner, String from, String to) {
        String answer = owner.answer("{\"op\":\"send\",\"caller\":{\"pane\":\"" + from + "\"},\"to\":\"" + to
                + "\",\"to_name\":\"Peer\",\"message\":\"linked\",\"direct\":true}");
        if (!answer.contains("\"ok\":true")) {
            throw new IllegalStateException("cannot link for the remote benchmark: " + answer);
        }
    }

    /** p50 and p99, in ms, from a hook event dropped for {@code from} to its words in {@code to}'s pane. */
    private static double[] measure(Spool spool, String from, ControlModeTmux tmux, String to, int samples)
            throws Exception {
        double[] ms = new double[samples];
        for (int i = 0; i < samples; i++) {
            ms[i] = HookToPane.millis(spool, from, tmux, to, "remote-bench-", Duration.ofSeconds(20));
        }
        return new double[] {DeliveryBenchmark.percentile(ms, 0.5), DeliveryBenchmark.percentile(ms, 0.99)};
    }

    private static void waitFor(Daemon alpha, String expected, Daemon beta) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!alpha.answer("{\"op\":\"status\"}").contains(expected)
                || !beta.answer("{\"op\":\"status\"}").contains("\"computer\":\"beta\"")) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the benchmark daemons did not come up");
            }
            Thread.sleep(50); // asking again: no event says a daemon is up
        }
    }
}
