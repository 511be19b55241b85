package dev.gather.bench;

import dev.gather.home.StateDir;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a person or an agent pays per call, against an idle daemon: the wall time of a client command
 * ({@code gather status}, {@code gather links}) and the resident memory of {@code gather mcp} over a
 * session. {@code bin/gather}'s bridges (the daemon runs the command, or hosts the MCP session)
 * against the full command line in a JVM of its own, as every call ran before, in the same run. The
 * headline is a command's time above a bare JVM's start with the bridge's flags, timed in the same
 * run: what gather adds, where the JVM's own start is the machine's.
 */
final class ClientBenchmark extends Benchmark {
    /** How bin/gather ran every command before the bridges; the old path measured here. */
    private static final List<String> FULL_JVM = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto");
    /** How bin/gather starts a bridge's JVM (status, links and the other quick commands). */
    private static final List<String> BRIDGE_JVM =
            List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData");

    private static final String HANDSHAKE =
            """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}
            {"jsonrpc":"2.0","method":"notifications/initialized"}
            {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}
            """;

    ClientBenchmark() {
        super("client");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        String socket = BenchContext.privateSocket();
        Path home = Files.createDirectories(context.scratch().resolve("client-home"));
        StateDir state = new StateDir(home);
        Process daemon = BenchDaemon.start(home, socket);
        try {
            String launcher = HookBenchmark.launcher().toString();
            int runs = context.sized(9, 25);
            // the floor under any JVM client on this machine: a bare JVM with the bridge's own flags
            double floor = pct(wall(bareJvm(), home, socket, runs), 50);
            List<Metric> metrics = new ArrayList<>();
            metrics.add(Metric.of("a bare JVM's start and exit p50, the bridge's flags", "ms", floor, ""));
            for (String command : List.of("status", "links")) {
                double[] bridged = wall(List.of(launcher, command), home, socket, runs);
                double[] full = wall(full(command), home, socket, runs);
                metrics.add(Metric.vs(
                        "gather " + command + " wall p50, idle daemon",
                        "ms",
                        pct(bridged, 50),
                        pct(full, 50),
                        "goal: p50 ≤ 150 ms (not a headline: the JVM's own start, above, is this machine's)"));
                metrics.add(Metric.vs(
                        "gather " + command + " wall p90, idle daemon", "ms", pct(bridged, 90), pct(full, 90), ""));
                metrics.add(Metric.vs(
                                "gather " + command + " wall p50 above a bare JVM's, idle daemon",
                                "ms",
                                pct(bridged, 50) - floor,
                                pct(full, 50) - floor,
                                "≤ 100 ms: the launcher, the bridge, the daemon's answer")
                        .headline(100));
            }
            int calls = context.sized(3, 50);
            double bridgedMcp = mcpPeak(List.of(launcher, "mcp"), home, socket, calls);
            double fullMcp = mcpPeak(full("mcp", "--in-process"), home, socket, calls);
            metrics.add(Metric.vs(
                            "gather mcp resident, peak over a session of " + calls + " calls",
                            "MiB",
                            bridgedMcp,
                            fullMcp,
                            "≤ 40 MiB")
                    .headline(40));
            return metrics;
        } finally {
            BenchDaemon.stop(daemon, state);
            BenchDaemon.killTmuxServer(socket);
        }
    }

    /** The bridge's JVM (bin/gather's flags for it), starting and exiting with nothing to do. */
    private static List<String> bareJvm() {
        List<String> cmd = java(BRIDGE_JVM);
        cmd.add("-version");
        return cmd;
    }

    /** This JVM's own java program with {@code flags}, to be added to. */
    private static List<String> java(List<String> flags) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(flags);
        return cmd;
    }

    private static List<String> full(String... args) {
        List<String> cmd = java(FULL_JVM);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.gather.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Sorted wall times in ms of {@code runs} runs, after one that warms caches (not counted). */
    private static double[] wall(List<String> command, Path home, String socket, int runs)
            throws IOException, InterruptedException {
        double[] ms = new double[runs];
        for (int i = -1; i < runs; i++) {
            ProcessBuilder pb = environment(new ProcessBuilder(command), home, socket)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            long start = System.nanoTime();
            Process p = pb.start();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " failed");
            }
            if (i >= 0) {
                ms[i] = (System.nanoTime() - start) / 1e6;
            }
        }
        Arrays.sort(ms);
        return ms;
    }

    /**
     * Peak resident MiB (VmHWM) of an MCP server process through a handshake, the tool list and {@code
     * calls} tool calls, read just before its client goes.
     */
    private static double mcpPeak(List<String> command, Path home, String socket, int calls)
            throws IOException, InterruptedException {
        Process p = environment(new ProcessBuilder(command), home, socket)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream in = p.getOutputStream();
                var out = p.inputReader(StandardCharsets.UTF_8)) {
            StringBuilder lines = new StringBuilder(HANDSHAKE);
            for (int i = 0; i < calls; i++) {
                lines.append("{\"jsonrpc\":\"2.0\",\"id\":")
                        .append(10 + i)
                        .append(
                                ",\"method\":\"tools/call\",\"params\":{\"name\":\"list_rhythms\",\"arguments\":{}}}\n");
            }
            in.write(lines.toString().getBytes(StandardCharsets.UTF_8));
            in.flush();
            for (int answered = 0; answered < 2 + calls; answered++) {
                String line = out.readLine();
                if (line == null || !line.contains("\"result\"")) {
                    throw new IllegalStateException(String.join(" ", command) + " answered " + line);
                }
            }
            double peak = peakMib(p.pid());
            in.close();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException(String.join(" ", command) + " did not exit when its client went");
            }
            return peak;
        } finally {
            p.destroyForcibly();
        }
    }

    /** The most memory a process has held resident, in MiB, from /proc (VmHWM). */
    private static double peakMib(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        throw new IOException("no VmHWM for process " + pid);
    }

    private static ProcessBuilder environment(ProcessBuilder pb, Path home, String socket) {
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().put("GATHER_TMUX_SOCKET", socket);
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("TMUX");
        pb.environment().remove("GATHER_PANE");
        return pb;
    }

    private static double pct(double[] sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
