package dev.gather.testing;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The processes that carry one gather home ({@code GATHER_HOME} in their environment): a test's
 * daemon and what it started, wherever their parents went. A hook's holder is one of them: it outlives
 * its agent and its hook on purpose, ignoring hang-up and termination, and brings a stopped daemon
 * back to take its turn (bin/gather), so only this finds and ends it.
 */
public final class HomeProcesses {
    private static final long WAIT_SECONDS = 30;

    private HomeProcesses() {}

    /** The live processes of {@code home}, but for this JVM and what started it. */
    public static List<ProcessHandle> of(Path home) {
        Set<Long> ours = new HashSet<>();
        ProcessHandle.current().parent().ifPresent(p -> ours.add(p.pid()));
        ours.add(ProcessHandle.current().pid());
        return ProcEntries.holding("environ", "GATHER_HOME=" + home).stream()
                .filter(p -> !ours.contains(p.pid()))
                .toList();
    }

    /** Kills every process of {@code home} but those in {@code spared}, and returns once they are gone. */
    public static void end(Path home, Set<Long> spared) {
        List<ProcessHandle> left =
                of(home).stream().filter(p -> !spared.contains(p.pid())).toList();
        // SIGKILL: a holder ignores the polite signals by design
        left.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : left) {
            try {
                p.onExit().get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("process " + p.pid() + " of " + home + " did not end when killed", e);
            }
        }
    }
}
