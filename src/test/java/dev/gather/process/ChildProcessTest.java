package dev.gather.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChildProcessTest {
    /**
     * A child that never ends and never closes its output: reading it to its end before waiting would
     * wait forever; the deadline fires instead, and the child is killed.
     */
    @Test
    void aChildThatHangsWithItsOutputOpenEndsAtTheDeadline() throws Exception {
        long start = System.nanoTime();
        Optional<ChildProcess.Exit> exit = ChildProcess.run(
                new ProcessBuilder("sh", "-c", "echo started; exec sleep 600"), null, Duration.ofMillis(500));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(exit.isEmpty(), "no exit: it did not end in time");
        assertTrue(took.compareTo(Duration.ofSeconds(30)) < 0, "the deadline fired (took " + took + ")");
    }

    /** Output and errors are read at once, so a child that fills its error pipe first is not stuck on it. */
    @Test
    void readsOutputAndErrorsTogetherAndFeedsItsInput() throws Exception {
        String script = "head -c 200000 /dev/zero | tr '\\\\0' e >&2; cat; exit 3";
        ChildProcess.Exit exit = ChildProcess.run(
                        new ProcessBuilder("sh", "-c", script), "from stdin".getBytes(), Duration.ofSeconds(30))
                .orElseThrow();
        assertEquals(3, exit.code());
        assertEquals("from stdin", exit.out());
        assertEquals(200_000, exit.err().length());
    }
}
