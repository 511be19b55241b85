package dev.gather.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * What a test run left behind, checked once every test has ended: a process that still carries the
 * run's mark ({@code GATHER_TEST_RUN}, which the build gives the test JVM and so every tmux server,
 * daemon, harness and browser it starts) or a socket file in the run's private tmux folder
 * ({@code TMUX_TMPDIR}). A process is named in {@code target/leftovers.txt}, which fails
 * {@code make test}; every one is then ended and every socket file removed, so even a failing run leaves
 * the machine as it found it.
 */
public final class RunLeftovers implements TestExecutionListener {
    private static final String MARK = "GATHER_TEST_RUN";

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        // tmux falls back to /tmp when TMUX_TMPDIR is not a folder: make it one before any test starts a server
        Optional.ofNullable(System.getenv("TMUX_TMPDIR")).map(Path::of).ifPresent(dir -> {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new IllegalStateException("cannot make the run's tmux folder " + dir, e);
            }
        });
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        String run = System.getenv(MARK);
        if (run == null || run.isEmpty()) {
            return; // a single class run from an IDE: no run to account for
        }
        List<String> found = new ArrayList<>();
        List<ProcessHandle> left = marked(run);
        for (ProcessHandle p : left) {
            found.add("process " + p.pid() + ": " + p.info().commandLine().orElse("?"));
        }
        left.forEach(ProcessHandle::destroy);
        left.forEach(p -> p.onExit().completeOnTimeout(p, 5, TimeUnit.SECONDS).join());
        left.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        Optional.ofNullable(System.getenv("TMUX_TMPDIR")).map(Path::of).ifPresent(dir -> {
            // tmux leaves its socket file behind after kill-server: a file whose server has ended is
            // removed, and a live one had a server that carried the mark and was counted above
            for (Path socket : files(dir)) {
                try {
                    Files.deleteIfExists(socket);
                } catch (IOException e) {
                    found.add("tmux socket " + socket + " could not be removed: " + e.getMessage());
                }
            }
        });
        try {
            Path report = Path.of(run, "leftovers.txt");
            if (found.isEmpty()) {
                Files.deleteIfExists(report);
            } else {
                Files.createDirectories(report.getParent());
                Files.write(report, found, StandardCharsets.UTF_8);
                System.err.println("gather: the test run left " + found.size() + " things behind (" + report + ")");
            }
        } catch (IOException e) {
            System.err.println("gather: could not write the leftovers report: " + e.getMessage());
        }
    }

    /**
     * Live processes whose environment carries the run's mark, but for this JVM and what started it
     * (surefire starts the test JVM through a shell that carries the mark too).
     */
    private static List<ProcessHandle> marked(String run) {
        Set<Long> ours = new HashSet<>();
        for (Optional<ProcessHandle> p = Optional.of(ProcessHandle.current());
                p.isPresent();
                p = p.get().parent()) {
            ours.add(p.get().pid());
        }
        return ProcEntries.holding("environ", MARK + "=" + run).stream()
                .filter(p -> !ours.contains(p.pid()))
                .toList();
    }

    private static List<Path> files(Path dir) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.filter(p -> !Files.isDirectory(p)).forEach(out::add);
        } catch (IOException e) {
            System.err.println("gather: could not read " + dir + ": " + e.getMessage());
        }
        return out;
    }
}
