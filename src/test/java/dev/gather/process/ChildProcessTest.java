package dev.gather.process;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
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

    /**
     * A grandchild that keeps the child's output open: the call returns what was said, and the pipe
     * stays open in this process until its reader reaches the end. Closing it beside a reader blocked
     * in it would not wake that reader, and a reader between two reads would then read whatever file
     * took the descriptor's number next.
     */
    @Test
    void aPipeAGrandchildHoldsIsClosedByItsReaderAloneAtItsEnd() throws Exception {
        ChildProcess.Exit exit = ChildProcess.run(
                        new ProcessBuilder("sh", "-c", "sleep 600 & echo $!"), null, Duration.ofSeconds(30))
                .orElseThrow();
        ProcessHandle sleeper =
                ProcessHandle.of(Long.parseLong(exit.out().trim())).orElseThrow();
        try {
            String pipe = Files.readSymbolicLink(Path.of("/proc", String.valueOf(sleeper.pid()), "fd", "1"))
                    .toString();
            assertTrue(pipe.startsWith("pipe:"), "the grandchild's output is the child's pipe: " + pipe);
            assertTrue(openHere(pipe), "the pipe is still open here, under its reader");
            sleeper.destroy();
            await().atMost(Duration.ofSeconds(30)).until(() -> !openHere(pipe));
        } finally {
            sleeper.destroyForcibly();
        }
    }

    /** Whether a descriptor of this process refers to {@code pipe} ({@code pipe:[inode]}). */
    private static boolean openHere(String pipe) {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().equals(pipe);
                } catch (IOException e) {
                    return false; // closed while listed
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
