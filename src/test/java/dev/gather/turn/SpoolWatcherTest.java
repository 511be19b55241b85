package dev.gather.turn;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolWatcherTest {
    @TempDir
    Path root;

    private final List<TurnOutput> got = new CopyOnWriteArrayList<>();

    @Test
    void eventsAlreadyWaitingAndNewOnesAreHandedOnAndRemoved() throws IOException {
        Spool spool = new Spool(root.resolve("spool"));
        spool.drop("codex", "%4", 1, "{\"type\":\"agent-turn-complete\",\"last-assistant-message\":\"early\"}");
        try (SpoolWatcher w = new SpoolWatcher(spool, new HookParsers(List.of(root)), got::add).start()) {
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 1);
            spool.drop("sim", "%5", 2, "{\"last_message\":\"later\"}");
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 2);
        }
        assertEquals("early", got.get(0).text());
        assertEquals("%4", got.get(0).pane());
        assertEquals("later", got.get(1).text());
        assertEquals(0, Files.list(spool.in()).count());
    }

    @Test
    void badEventsAreRejectedAndTheWatcherGoesOn() throws IOException {
        Spool spool = new Spool(root.resolve("spool"));
        spool.create();
        Files.writeString(spool.in().resolve("garbage"), "this is not an event");
        spool.drop("sim", null, 1, "{\"last_message\":\"no pane\"}");
        spool.drop("codex", "%1", 2, "{\"type\":\"agent-turn-complete\",\"last-assistant-mes");
        try (SpoolWatcher w = new SpoolWatcher(spool, new HookParsers(List.of(root)), got::add).start()) {
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> Files.list(spool.rejected()).count() == 3);
            spool.drop("sim", "%2", 3, "{\"last_message\":\"fine\"}");
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 1);
        }
        assertEquals("fine", got.get(0).text());
    }

    @Test
    void theShellHookWritesAnEventTheWatcherReads() throws Exception {
        Path home = root.resolve("home");
        ProcessBuilder pb = new ProcessBuilder("sh", "bin/gather", "hook", "gemini").redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", home.toString());
        pb.environment().put("TMUX_PANE", "%7");
        Process gemini = pb.start();
        gemini.getOutputStream().write("{\"prompt_response\":\"gemini says hi\"}".getBytes());
        gemini.getOutputStream().close();
        String stdout = new String(gemini.getInputStream().readAllBytes());
        assertEquals(0, gemini.waitFor());
        assertEquals("{}\n", stdout, "Gemini parses a hook's stdout as JSON");
        try (SpoolWatcher w =
                new SpoolWatcher(new Spool(home.resolve("spool")), new HookParsers(List.of(root)), got::add).start()) {
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 1);
        }
        assertEquals("gemini says hi", got.get(0).text());
        assertEquals("%7", got.get(0).pane());
    }
}
