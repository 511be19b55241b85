package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.Slow;
import dev.gather.tmux.Pane;
import dev.gather.turn.Spool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A journal write cut off half way by the kernel leaves no torn line. It runs alone: the file-size limit
 * it sets is the whole test JVM's, and every process started meanwhile inherits it, so a class running
 * beside it (a harness, a daemon, a report) would have its own writes cut off.
 */
@Isolated
@Slow
class JournalFileLimitTest {
    private static final String SILENT = "never-matches-anything";

    @RegisterExtension
    final Worlds worlds = Worlds.bare();

    World world;

    /**
     * The same on the real file system, no fake: the kernel's file-size limit of this process
     * (RLIMIT_FSIZE, lifted again by {@code prlimit}) makes the journal's next write stop half way with
     * EFBIG, as a full disk does, whoever runs the test (root included).
     */
    @Test
    void aRealWriteCutOffHalfWayLeavesNoTornLineAndTheTurnGoesOutOnceTheFileCanGrow() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);
        JsonNode linked = world.call(
                ada, "send", World.args().put("to", "Bo").put("message", "hi").put("direct", true));
        String link = linked.path("link").path("id").asText();
        Path journal = world.state.journals().resolve(link + ".jsonl");
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("hi"));
        // the journal stops growing once Bo's turn end confirmed the delivery (send answers at delivered)
        await().atMost(Duration.ofSeconds(30)).until(() -> world.entries(link, "delivery").stream()
                .anyMatch(e -> e.path("state").asText().equals("confirmed")));
        long before = Files.size(journal);
        Spool spool = new Spool(world.state.spool());
        fileSizeLimit(String.valueOf(before + 40));
        try {
            spool.drop(World.simTurn(ada.id(), 1, "said while the file cannot grow"));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> world.degraded(link).equals("cannot write journal (File too large)"));
            assertEquals(1, count(spool.incoming()));
            assertTrue(Files.size(journal) <= before + 40);
            assertEquals(
                    '\n', Files.readAllBytes(journal)[(int) Files.size(journal) - 1], "the half entry was cut back");
        } finally {
            fileSizeLimit("unlimited");
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.screen(bo).contains("said while the file cannot grow"));
        assertEquals(
                "said while the file cannot grow",
                world.entries(link, "relay").get(1).path("text").asText());
        assertEquals("", world.degraded(link));
        assertEquals(0, count(spool.incoming()));
    }

    /** Sets this JVM's soft limit on the size of files it writes (the hard limit stays, so it can be lifted). */
    private static void fileSizeLimit(String bytes) throws Exception {
        Process p = new ProcessBuilder(
                        "prlimit",
                        "--pid",
                        String.valueOf(ProcessHandle.current().pid()),
                        "--fsize=" + bytes + ":")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "prlimit: " + out);
    }

    private static long count(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }
}
