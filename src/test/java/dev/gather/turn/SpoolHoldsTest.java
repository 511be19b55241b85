package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolHoldsTest {
    @TempDir
    Path tmp;

    /** No thread polls the spool for the files to let go: the writer's next drop or wait does it. */
    @Test
    void aFileTheDaemonTookIsLetGoByTheNextDropWithNoThreadWatching() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        Path first = spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
        assertTrue(SpoolHolds.holds(first), "held until the daemon took it");
        Files.delete(first); // what the daemon does once it took the event
        Path second = spool.drop(Samples.event("sim", Samples.text("sim/reply.json")));
        assertFalse(SpoolHolds.holds(first), "let go once taken");
        assertTrue(SpoolHolds.holds(second));
        Files.delete(second);
        assertTrue(Spool.awaitTaken(second, Duration.ofSeconds(1)));
        assertFalse(SpoolHolds.holds(second), "a wait that sees the file taken lets go of it too");
        assertTrue(
                Thread.getAllStackTraces().keySet().stream()
                        .noneMatch(t -> t.getName().contains("spool-holds")),
                "no thread of its own");
    }
}
