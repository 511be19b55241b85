package dev.gather.daemon;

import dev.gather.client.DaemonPid;
import dev.gather.home.StateDir;
import dev.gather.testing.HomeProcesses;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test that runs gather's daemon as a process on its home and a private tmux server: the
 * server's socket name, and after each test the end of all it left, the agents first (a turn end
 * after the stop would bring the daemon back), then the daemon, killed when it did not stop.
 */
final class DaemonProcesses implements AfterEachCallback {
    /** The private tmux socket of this test's daemon and agents. */
    final String socket = "gather-test-" + UUID.randomUUID();

    private final Supplier<Path> home;

    /** {@code home} gives the test's home once it is there (a {@code @TempDir} field). */
    DaemonProcesses(Supplier<Path> home) {
        this.home = home;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        Cli.stopAgentsAndDaemon(home.get(), socket);
        Optional<ProcessHandle> daemon = DaemonPid.living(new StateDir(home.get())).stream()
                .boxed()
                .findFirst()
                .flatMap(ProcessHandle::of);
        daemon.ifPresent(ProcessHandle::destroy);
        daemon.ifPresent(
                d -> d.onExit().completeOnTimeout(d, 30, TimeUnit.SECONDS).join());
        // whatever still carries the home (a daemon that would not stop): the test's temporary
        // folders are deleted next, and nothing may write into them meanwhile or outlive the run
        HomeProcesses.end(home.get(), Set.of());
    }
}
