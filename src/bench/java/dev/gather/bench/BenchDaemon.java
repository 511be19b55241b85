package dev.gather.bench;

import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** A real daemon process on a private state directory and tmux server, for benchmarks that measure it from outside. */
final class BenchDaemon {
    private BenchDaemon() {}

    static final long CLOCK_TICKS = 100; // USER_HZ on Linux

    /** utime + stime + cutime + cstime of a process, in clock ticks, from /proc. */
    static long ticks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // fields after the command: state is index 0, so utime (field 14) is index 11
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }

    /** Resident memory of a process, in MiB, from /proc. */
    static double rssMib(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        throw new IOException("no VmRSS for process " + pid);
    }

    static Process start(Path home, String socket) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(DaemonClient.DAEMON_JVM); // measured as users run it
        cmd.addAll(List.of(
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main",
                "daemon"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().put("GATHER_TMUX_SOCKET", socket);
        pb.environment().remove("TMUX_PANE");
        pb.environment().putAll(DaemonClient.DAEMON_ENV);
        Process p = pb.start();
        DaemonClient client = new DaemonClient(new StateDir(home), Optional.empty());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!client.running()) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("the benchmark daemon did not start");
            }
            Thread.sleep(50); // polling a socket that is not there yet: no event to wait on
        }
        return p;
    }

    /** Returns once the daemon has nothing pending (the handshake messages are typed). */
    static void settled(StateDir state) throws IOException, InterruptedException {
        DaemonClient client = new DaemonClient(state, Optional.empty());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (client.call(client.request("status")).path("deliveries").size() > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the handshake messages were not typed within 30 s");
            }
            Thread.sleep(100); // asking again: the daemon has no "settled" event to wait on
        }
    }

    /** Asks the daemon to stop and waits until its process has exited. */
    static void stop(Process daemon, StateDir state) throws InterruptedException {
        DaemonClient stopper = new DaemonClient(state, Optional.empty());
        try {
            stopper.call(stopper.request("shutdown"));
        } catch (IOException e) {
            // it may stop before answering; its exit below is what counts
        }
        if (!daemon.waitFor(10, TimeUnit.SECONDS)) {
            daemon.destroyForcibly();
            throw new IllegalStateException("the benchmark daemon did not stop");
        }
    }

    /** Ends the private tmux server the daemon spawned its panes on, with whatever still runs in them. */
    static void killTmuxServer(String socket) throws IOException, InterruptedException {
        new ProcessBuilder("tmux", "-L", socket, "kill-server")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor(10, TimeUnit.SECONDS);
    }
}
