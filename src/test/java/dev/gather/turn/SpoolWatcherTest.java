package dev.gather.turn;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolWatcherTest {
    @TempDir
    Path tmp;

    private final List<TurnOutput> seen = new CopyOnWriteArrayList<>();
    private final HookParsers parsers = HookParsers.withClaudeRoots(List.of());

    private static long count(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }

    @Test
    void handsOverEventsWaitingAtStartAndNewOnesThenDeletesThem() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        spool.drop(Samples.event("codex", Samples.text("codex/turn-complete.json")));
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, seen::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            spool.drop(Samples.event("gemini", Samples.text("gemini/after-agent.json")));
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 3);
        } finally {
            watcher.close();
        }
        // the last two were dropped with the same time stamp: their order is not defined
        assertEquals(
                List.of("codex", "gemini", "sim"),
                seen.stream().map(TurnOutput::harness).sorted().toList());
        assertEquals(
                "Rename complete and verified `cargo build` succeeds.",
                seen.get(0).text());
        assertEquals(0, count(spool.incoming()));
    }

    @Test
    void eventsWaitingAtStartAreHandedOverOldestFirst() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        String payload = Samples.text("sim/reply.json");
        for (long ms : new long[] {1_700_000_000_002L, 1_700_000_000_000L, 1_700_000_000_001L}) {
            spool.drop(new HookEvent("sim", "%" + (ms % 10), java.time.Instant.ofEpochMilli(ms), payload));
        }
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, seen::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 3);
        } finally {
            watcher.close();
        }
        assertEquals(
                List.of("%0", "%1", "%2"), seen.stream().map(TurnOutput::pane).toList());
    }

    @Test
    void malformedFilesAreMovedAsideAndTheWatcherGoesOn() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        spool.create();
        Files.write(spool.incoming().resolve("0-garbage"), "no header".getBytes(StandardCharsets.UTF_8));
        spool.drop(Samples.event("gemini", Samples.text("gemini/truncated.json")));
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, seen::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> count(spool.rejected()) == 2);
            spool.drop(Samples.event("codex", Samples.text("codex/truncated.json")));
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            await().atMost(Duration.ofSeconds(20)).until(() -> count(spool.rejected()) == 3);
        } finally {
            watcher.close();
        }
        assertEquals("sim", seen.get(0).harness());
        assertEquals(0, count(spool.incoming()));
    }

    @Test
    void aFailingConsumerDoesNotStopTheWatcher() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        SpoolWatcher watcher = SpoolWatcher.start(spool, parsers, out -> {
            seen.add(out);
            if (seen.size() == 1) {
                throw new IllegalStateException("daemon hiccup");
            }
        });
        try {
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 1);
            spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
            await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 2);
        } finally {
            watcher.close();
        }
        assertTrue(Files.isDirectory(spool.rejected()));
    }
}
