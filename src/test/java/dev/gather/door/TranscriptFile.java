package dev.gather.door;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * A Codex thread's transcript a test writes as Codex would, under {@code <dir>/.codex/sessions}, and the
 * timer its watches poll on; closing it stops the timer.
 */
final class TranscriptFile implements AutoCloseable {
    static final String THREAD = "01a2135b-bbba-7ca1-a0da-de3e4ab16401";

    private final Path codexHome;
    private final Path file;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    /** A transcript holding its session line only. */
    TranscriptFile(Path dir) throws Exception {
        this.codexHome = dir.resolve(".codex");
        Path day = Files.createDirectories(codexHome.resolve("sessions/2026/11/29"));
        this.file = day.resolve("rollout-2026-11-29T02-00-00-" + THREAD + ".jsonl");
        Files.writeString(file, "{\"type\":\"session_meta\",\"payload\":{}}\n");
    }

    Path file() {
        return file;
    }

    /** The transcript as the door finds it. */
    CodexRollout rollout() {
        return CodexRollout.find(codexHome, THREAD, timer).orElseThrow();
    }

    void append(String... lines) throws Exception {
        for (String line : lines) {
            Files.writeString(file, line + "\n", StandardOpenOption.APPEND);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
