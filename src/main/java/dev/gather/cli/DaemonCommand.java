package dev.gather.cli;

import dev.gather.client.DaemonClient;
import dev.gather.client.DaemonPid;
import dev.gather.client.DaemonStarter;
import dev.gather.client.Patience;
import dev.gather.daemon.Daemon;
import dev.gather.home.RotatingLog;
import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "daemon", resourceBundle = "dev.gather.cli.help.daemon", mixinStandardHelpOptions = true)
final class DaemonCommand implements Callable<Integer> {
    @CommandLine.Option(names = "--stop")
    boolean stop;

    @Override
    public Integer call() throws Exception {
        StateDir state = StateDir.fromEnvironment();
        if (stop) {
            return stop(state);
        }
        // the daemon hosts the MCP server of every bridged `gather mcp` and runs bridged client commands
        String log = System.getProperty(DaemonStarter.LOG_PROPERTY);
        if (!Daemon.run(state, d -> {
            // started in the background (DaemonStarter): the last daemon's log is kept, this one's rotates
            if (log != null) {
                takeLog(Path.of(log));
            }
            forgetStop(state);
            DaemonCli.serveBridges(d, state);
        })) {
            System.err.println("gather: a daemon already runs for " + state.root());
        }
        return 0;
    }

    /** Remembers that the user stopped it, for the client that starts the next one (DaemonStarter). */
    private static void markStopped(StateDir state) throws IOException {
        Files.writeString(state.stoppedMark(), Instant.now().truncatedTo(ChronoUnit.SECONDS) + "\n");
    }

    private static void forgetStop(StateDir state) {
        try {
            Files.deleteIfExists(state.stoppedMark());
        } catch (IOException e) {
            System.err.println("gather: could not remove " + state.stoppedMark() + ": " + e.getMessage());
        }
    }

    private static void takeLog(Path log) {
        try {
            RotatingLog.takeStdio(log);
        } catch (IOException e) {
            System.err.println("gather: could not keep the log in " + log + " (" + e.getMessage() + "); logging here");
        }
    }

    /**
     * Asks the daemon to stop; one that does not answer (frozen: SIGSTOP, a deadlock) is killed, which
     * loses nothing: its journals are forced to disk before anything is delivered, and the next daemon
     * resumes from them as after a crash.
     */
    private static int stop(StateDir state) throws Exception {
        DaemonClient client = new DaemonClient(state, Optional.empty());
        OptionalLong pid = DaemonPid.living(state);
        if (client.running()) {
            try {
                client.call(client.request("shutdown"));
            } catch (IOException e) {
                // a stopping daemon may close the connection before its answer is out: its end tells
            }
            // stopped means gone: a command run next must not find it still answering
            Optional<ProcessHandle> daemon = pid.isPresent() ? ProcessHandle.of(pid.getAsLong()) : Optional.empty();
            if (daemon.isPresent() && !ended(daemon.get())) {
                System.err.println("gather: the daemon (pid " + pid.getAsLong() + ") did not stop within 30 s; see "
                        + state.log());
                return 1;
            }
            markStopped(state);
            System.out.println("stopped the daemon of " + state.root());
            return 0;
        }
        ProcessHandle daemon =
                pid.isPresent() ? ProcessHandle.of(pid.getAsLong()).orElse(null) : null;
        // a daemon that cannot be reached at all is not frozen (it is starting, or gone)
        if (daemon == null || !daemon.isAlive() || Patience.answers(state)) {
            System.out.println("no daemon runs for " + state.root());
            return 0;
        }
        // SIGKILL: a stopped process takes no other signal until it is continued
        daemon.destroyForcibly();
        daemon.onExit().get(10, TimeUnit.SECONDS);
        markStopped(state);
        System.out.println("the daemon of " + state.root() + " (pid " + pid.getAsLong()
                + ") was not answering; ended it (its journals are kept; the next daemon resumes them)");
        return 0;
    }

    private static boolean ended(ProcessHandle daemon) throws Exception {
        try {
            daemon.onExit().get(30, TimeUnit.SECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }
}
