package dev.gather.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A freeze returns only once the process has stopped; a thaw lets it run again. */
class FreezerTest {
    @Test
    void aFrozenBusyProcessHasEveryThreadStoppedAndAThawedOneRunsAgain() throws Exception {
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            long pid = busy.pid();
            assertFalse(Freezer.stopped(pid), "a busy loop runs");
            Freezer.freeze(pid);
            assertTrue(Freezer.stopped(pid), "frozen");
            Freezer.thaw(pid);
            await().atMost(Duration.ofSeconds(30)).until(() -> !Freezer.stopped(pid));
        } finally {
            busy.destroyForcibly().waitFor();
        }
    }
}
