package dev.gather.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.tmux.ControlModeTmux;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.TmuxConfig;
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
 * What gather costs while nothing happens: a real daemon process with 50 panes in 25 direct links,
 * idle, against the design it replaces polling the same 50 panes with {@code capture-pane} every
 * second. Both count the tmux server's CPU too (polling costs it work as well).
 */
final class IdleBenchmark extends Benchmark {
    private static final int PANES = 50;

    IdleBenchmark() {
        super("idle");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        // CPU time comes in ticks of 10 ms: over 3 s the target (1 %) was 3 ticks, and one JIT or GC
        // burst in a quick run missed it by 2x (a clean-clone bench-quick); 10 s resolves it to 10
        Duration window = context.quick() ? Duration.ofSeconds(10) : Duration.ofSeconds(30);
        String socket = BenchContext.privateSocket();
        Path home = Files.createDirectories(context.scratch().resolve("idle-home"));
        ControlModeTmux tmux = ControlModeTmux.connect(TmuxConfig.socket(socket));
        Process daemon = null;
        try {
            List<String> panes = new ArrayList<>();
            for (int i = 0; i < PANES; i++) {
                panes.add(tmux.spawn(SpawnSpec.of("idle-" + i, context.scratch(), "cat"))
                        .id());
            }
            long tmuxPid = tmux.panes().stream()
                    .findFirst()
                    .map(this::serverPid)
                    .orElseThrow(() -> new IllegalStateException("no tmux panes"));
            daemon = BenchDaemon.start(home, socket);
            StateDir state = new StateDir(home);
            for (int i = 0; i < PANES; i += 2) {
                // this process is outside the panes it links: it says so, as any script must
                DaemonClient caller = new DaemonClient(state, Optional.empty()).onBehalfOf(panes.get(i));
                ObjectNode send = caller.request("send")
                        .put("to", panes.get(i + 1))
                        .put("message", "linked for the idle benchmark")
                        .put("direct", true);
                caller.call(send);
            }
            BenchDaemon.settled(state);
            double gather = cpuPercent(window, List.of(daemon.pid(), tmuxPid));
            BenchDaemon.stop(daemon, state);
            daemon = null;

            ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor();
            try {
                poller.scheduleAtFixedRate(() -> panes.forEach(p -> capture(socket, p)), 0, 1, TimeUnit.SECONDS);
                double polling =
                        cpuPercent(window, List.of(ProcessHandle.current().pid(), tmuxPid));
                return List.of(Metric.vs(
                                "idle CPU, 50 linked panes, " + window.toSeconds() + " s",
                                "% core",
                                gather,
                                polling,
                                "< 1%")
                        .headline(1));
            } finally {
                poller.shutdownNow();
            }
        } finally {
            if (daemon != null) {
                daemon.destroyForcibly();
            }
            tmux.killServer();
            tmux.close();
        }
    }

    /** CPU used by {@code pids} (and their reaped children) over {@code window}, in % of one core. */
    private static double cpuPercent(Duration window, List<Long> pids) throws IOException, InterruptedException {
        long before = 0;
        for (long pid : pids) {
            before += BenchDaemon.ticks(pid);
        }
        long t0 = System.nanoTime();
        // the window is the measurement itself: nothing is awaited
        Thread.sleep(window.toMillis());
        long after = 0;
        for (long pid : pids) {
            after += BenchDaemon.ticks(pid);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        return (after - before) / (double) BenchDaemon.CLOCK_TICKS / seconds * 100;
    }

    private long serverPid(Pane anyPane) {
        return ProcessHandle.of(anyPane.pid())
                .flatMap(ProcessHandle::parent)
                .map(ProcessHandle::pid)
                .orElseThrow(() -> new IllegalStateException("cannot find the tmux server process"));
    }

    private static void capture(String socket, String pane) {
        try {
            Process p = new ProcessBuilder("tmux", "-L", socket, "capture-pane", "-p", "-t", pane)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.waitFor();
        } catch (IOException e) {
            throw new IllegalStateException("capture-pane failed for the polling baseline", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
