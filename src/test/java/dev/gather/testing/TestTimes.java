package dev.gather.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * How long each class and test of a run took, from its own start to its own end, written slowest first
 * to {@code target/test-times.txt} (seconds, seconds into the run it started, name). Surefire's reports
 * cannot say it: with classes running beside each other (junit-platform.properties) they give a test's
 * time, and its failure, to whichever class's report was open.
 */
public final class TestTimes implements TestExecutionListener {
    private final Map<String, Open> started = new ConcurrentHashMap<>();
    private final Queue<Row> rows = new ConcurrentLinkedQueue<>();
    private volatile long runStart = System.nanoTime();

    private record Row(double seconds, double at, String name) {}

    /** A class or test under way: its name, and when it started. */
    private record Open(String name, long start) {}

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        runStart = System.nanoTime();
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        name(id).ifPresent(n -> started.put(id.getUniqueId(), new Open(n, System.nanoTime())));
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Open open = started.remove(id.getUniqueId());
        if (open != null) {
            rows.add(new Row((System.nanoTime() - open.start()) / 1e9, (open.start() - runStart) / 1e9, open.name()));
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        String run = System.getenv("GATHER_TEST_RUN");
        if (run == null || run.isEmpty()) {
            return; // a single class run from an IDE
        }
        StringBuilder out = new StringBuilder();
        rows.stream()
                .sorted(Comparator.comparingDouble(Row::seconds).reversed())
                .forEach(r -> out.append(String.format("%8.1f %8.1f %s%n", r.seconds(), r.at(), r.name())));
        try {
            Files.writeString(Path.of(run, "test-times.txt"), out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("gather: could not write the test times: " + e.getMessage());
        }
    }

    /** A class by its simple name, a test as Class.method and, for a parameterized one, which. */
    private static Optional<String> name(TestIdentifier id) {
        TestSource source = id.getSource().orElse(null);
        if (source instanceof ClassSource c) {
            return Optional.of(c.getJavaClass().getSimpleName());
        }
        if (source instanceof MethodSource m && id.isTest()) {
            String cls = m.getClassName().substring(m.getClassName().lastIndexOf('.') + 1);
            String which = id.getDisplayName().startsWith("[") ? " " + id.getDisplayName() : "";
            return Optional.of(cls + "." + m.getMethodName() + which);
        }
        return Optional.empty();
    }
}
