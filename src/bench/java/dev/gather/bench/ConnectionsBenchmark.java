package dev.gather.bench;

import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Socket abuse the daemon must survive: 5,000 idle connections opened at once against a real
 * daemon process. Past its bound each is told so in one line and closed (or, past one process's cap,
 * its longest idle connection gives way and is told why); the daemon's threads and
 * resident memory go back to where they started once the connections close.
 */
final class ConnectionsBenchmark extends Benchmark {
    private static final int CONNECTIONS = 5_000;

    ConnectionsBenchmark() {
        super("connections");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        int connections = context.sized(1_000, CONNECTIONS);
        String socket = BenchContext.privateSocket();
        Path home = Files.createDirectories(context.scratch().resolve("connections-home"));
        StateDir state = new StateDir(home);
        Process daemon = BenchDaemon.start(home, socket);
        try {
            long pid = daemon.pid();
            double rssStart = BenchDaemon.rssMib(pid);
            int threadsStart = threads(pid);
            List<SocketChannel> open = new ArrayList<>();
            int refused = 0;
            int served;
            double rssPeak;
            int threadsPeak;
            try {
                for (int i = 0; i < connections; i++) {
                    open.add(state.connect());
                }
                // a refused connection has its one line and end of stream waiting; a served one has nothing
                List<String> reasons = new ArrayList<>();
                for (SocketChannel ch : open) {
                    ch.configureBlocking(false);
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                List<SocketChannel> waiting = new ArrayList<>(open);
                while (System.nanoTime() < deadline) {
                    List<SocketChannel> still = new ArrayList<>();
                    for (SocketChannel ch : waiting) {
                        ByteBuffer buf = ByteBuffer.allocate(512);
                        int n = ch.read(buf);
                        if (n > 0 || n < 0) {
                            reasons.add(new String(buf.array(), 0, Math.max(n, 0), StandardCharsets.UTF_8));
                        } else {
                            still.add(ch);
                        }
                    }
                    waiting = still;
                    if (reasons.size() >= connections - BOUND) {
                        break;
                    }
                    Thread.sleep(100); // the refusals are written by the daemon's accept thread: asking again
                }
                // past its cap a process's newest connection takes the place of its longest idle one,
                // which is told so (issue 35: a process is never refused its own next request)
                refused = (int) reasons.stream()
                        .filter(r -> r.contains("too many connections")
                                || r.contains("opened more connections than it may hold"))
                        .count();
                served = connections - reasons.size();
                rssPeak = BenchDaemon.rssMib(pid);
                threadsPeak = threads(pid);
            } finally {
                for (SocketChannel ch : open) {
                    ch.close();
                }
            }
            // the pool lets idle threads go after 5 s; memory follows as their stacks are unmapped
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            double rssAfter = BenchDaemon.rssMib(pid);
            while (System.nanoTime() < deadline && (rssAfter > rssStart * 1.2 || threads(pid) > threadsStart + 2)) {
                Thread.sleep(500); // nothing to wait on from outside the daemon: look again
                rssAfter = BenchDaemon.rssMib(pid);
            }
            int threadsAfter = threads(pid);
            // issue 15 asks for these, not just their figures: a run that misses one fails (make bench, bench-quick)
            List<String> missed = new ArrayList<>();
            if (served > BOUND) {
                missed.add(served + " served at once, past the bound of " + BOUND);
            }
            if (refused < connections - BOUND) {
                missed.add("only " + refused + " of " + (connections - BOUND) + " past the bound were told why");
            }
            if (rssAfter > rssStart * 1.2) {
                missed.add(String.format(
                        Locale.ROOT, "RSS %.0f MiB a minute after they closed, start %.0f MiB", rssAfter, rssStart));
            }
            if (!missed.isEmpty()) {
                throw new IllegalStateException(connections + " idle connections: " + String.join("; ", missed));
            }
            return List.of(
                    Metric.of(connections + " idle connections: served at once", "connections", served, "≤ " + BOUND)
                            .headline(BOUND),
                    Metric.of(
                            connections + " idle connections: refused or given way, with a message",
                            "connections",
                            refused,
                            "≥ " + (connections - BOUND)),
                    Metric.of(
                            "daemon threads: start / with them open", "threads", threadsPeak, "start " + threadsStart),
                    Metric.of("daemon threads after they closed", "threads", threadsAfter, "≈ " + threadsStart),
                    Metric.of("daemon RSS with them open", "MiB", rssPeak, "start " + Math.round(rssStart) + " MiB"),
                    Metric.of(
                                    "daemon RSS after they closed",
                                    "MiB",
                                    rssAfter,
                                    "≤ " + Math.round(rssStart * 1.2) + " MiB (start + 20%)")
                            .headline(rssStart * 1.2));
        } finally {
            BenchDaemon.stop(daemon, state);
            BenchDaemon.killTmuxServer(socket);
        }
    }

    /** The daemon's bound (SocketServer.MAX_CLIENTS), repeated here: the benchmark sees it from outside. */
    private static final int BOUND = 256;

    private static int threads(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            return (int) tasks.count();
        }
    }
}
