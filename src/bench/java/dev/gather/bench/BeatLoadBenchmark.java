package dev.gather.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.TmuxConfig;
import dev.gather.turn.Spool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One daemon at scale: 100 gatherings of 8 members at once ({@code cat} panes; 10 in a quick run),
 * beats every second, in a real daemon process. Reports how late its timers fire (p50, p99) against a
 * bare ScheduledExecutor firing as many timers a second in this JVM, the daemon's resident memory
 * against the same daemon idle, and a holder's turn relayed to another member's pane meanwhile.
 */
final class BeatLoadBenchmark extends Benchmark {
    private static final int MEMBERS = 8;

    BeatLoadBenchmark() {
        super("beats");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        Duration window = context.quick() ? Duration.ofSeconds(4) : Duration.ofSeconds(20);
        int gatherings = context.sized(10, 100);
        String scale = gatherings + " gatherings x " + MEMBERS;
        String socket = BenchContext.privateSocket();
        Path home = Files.createDirectories(context.scratch().resolve("beats-home"));
        Files.writeString(home.resolve("agents.yaml"), "agents:\n  quiet: [cat]\n");
        Files.createDirectories(home.resolve("rhythms"));
        Files.writeString(home.resolve("rhythms").resolve("bench-beats.yaml"), rhythm());
        StateDir state = new StateDir(home);
        ControlModeTmux tmux = ControlModeTmux.connect(TmuxConfig.socket(socket));
        Process daemon = null;
        try {
            daemon = BenchDaemon.start(home, socket);
            double idleRss = BenchDaemon.rssMib(daemon.pid());
            DaemonClient client = new DaemonClient(state, Optional.empty());
            List<String> ids = new ArrayList<>();
            for (int g = 0; g < gatherings; g++) {
                ObjectNode start = client.request("start_gathering")
                        .put("rhythm", "bench-beats")
                        .put("beat_interval_seconds", 1);
                ArrayNode ps = start.putArray("participants");
                for (int m = 1; m <= MEMBERS; m++) {
                    ps.addObject().put("name", "M" + m).put("agent", "quiet");
                }
                ids.add(client.call(start).path("gathering_id").asText());
            }
            long firedBefore = timers(client).path("timers_fired").asLong();
            long windowEnds = System.nanoTime() + window.toNanos();
            // relays are measured inside the window, while the gatherings beat on their own
            double[] relayMs =
                    new LoadedRelay(client, new Spool(state.spool()), tmux).measure(ids, context.sized(10, 40));
            long rest = windowEnds - System.nanoTime();
            if (rest > 0) {
                // the rest of the window is the measurement of the timers
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(rest));
            }
            JsonNode d = timers(client);
            double rss = BenchDaemon.rssMib(daemon.pid());
            long fired = d.path("timers_fired").asLong() - firedBefore;
            if (fired < gatherings * (window.toSeconds() - 2)) {
                throw new IllegalStateException("only " + fired + " timers fired in " + window.toSeconds() + " s");
            }
            BenchDaemon.stop(daemon, state);
            daemon = null;
            double[] base = bareTimers(window, gatherings);
            return List.of(
                    Metric.vs(
                            "timer lateness p50, " + scale,
                            "ms",
                            d.path("timer_late_p50_ms").asDouble(),
                            base[0],
                            ""),
                    Metric.vs(
                                    "timer lateness p99, " + scale,
                                    "ms",
                                    d.path("timer_late_p99_ms").asDouble(),
                                    base[1],
                                    "p99 < 100 ms")
                            .headline(100),
                    Metric.vs("daemon RSS, " + scale + " vs idle", "MiB", rss, idleRss, ""),
                    Metric.of("relay p50 from hook, " + scale, "ms", DeliveryBenchmark.percentile(relayMs, 0.5), ""),
                    Metric.of("relay p99 from hook, " + scale, "ms", DeliveryBenchmark.percentile(relayMs, 0.99), ""));
        } finally {
            if (daemon != null) {
                daemon.destroyForcibly();
            }
            tmux.killServer();
            tmux.close();
        }
    }

    private static JsonNode timers(DaemonClient client) throws IOException {
        return client.call(client.request("status")).path("daemon");
    }

    /** As many timers a second as there are gatherings, on a bare executor here: p50 and p99 lateness in ms. */
    private static double[] bareTimers(Duration window, int gatherings) throws InterruptedException {
        ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor();
        List<Long> late = new ArrayList<>();
        for (int g = 0; g < gatherings; g++) {
            long offset = TimeUnit.MILLISECONDS.toNanos(g * 1000L / gatherings);
            long first = System.nanoTime() + offset + 1_000_000_000L;
            long[] k = {0};
            exec.scheduleAtFixedRate(
                    () -> {
                        long due = first + k[0]++ * 1_000_000_000L;
                        synchronized (late) {
                            late.add(Math.max(0, System.nanoTime() - due));
                        }
                    },
                    offset + 1_000_000_000L,
                    1_000_000_000L,
                    TimeUnit.NANOSECONDS);
        }
        // the window is the measurement
        Thread.sleep(window.toMillis());
        exec.shutdownNow();
        double[] ms;
        synchronized (late) {
            ms = late.stream().mapToDouble(n -> n / 1e6).toArray();
        }
        return new double[] {DeliveryBenchmark.percentile(ms, 0.5), DeliveryBenchmark.percentile(ms, 0.99)};
    }

    /** The shipped minimal rhythm, hearing live, with five beats a turn, one a second, and a one-second grace. */
    private static String rhythm() throws IOException {
        String text = LiveRhythm.text("minimal");
        String out = text.replaceFirst("(?m)^name: minimal-live$", "name: bench-beats")
                .replaceFirst("(?m)^beats: \\{.*}$", "beats: {per_turn: 5, interval: 1s, grace: 1s}");
        if (out.equals(text) || !out.contains("per_turn: 5")) {
            throw new IllegalStateException("the minimal rhythm changed shape; update the beats benchmark");
        }
        return out;
    }
}
