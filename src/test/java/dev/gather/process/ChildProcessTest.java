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
     * A grandchild that keeps the child's output open: the call returns what was said, and no reader is
     * left in a pipe this process has closed. Closing a pipe beside a reader blocked in it does not wake
     * the reader, and a reader between two reads would then read whatever file took the descriptor's
     * number next. The pipe stays open until its reader reaches the end, or (when the child ended before
     * the reader began) the JDK itself took what was in it and closed it, and the reader ends at once.
     */
    @Test
    void noReaderIsLeftInAPipeThisProcessClosed() throws Exception {
        // the child waits a second before it ends, so its reader is most likely blocked in the pipe by then
        ChildProcess.Exit exit = ChildProcess.run(
                        new ProcessBuilder("sh", "-c", "sleep 600 & echo $!; sleep 1"), null, Duration.ofSeconds(30))
                .orElseThrow();
        ProcessHandle sleeper =
                ProcessHandle.of(Long.parseLong(exit.out().trim())).orElseThrow();
        try {
            String pipe = Files.readSymbolicLink(Path.of("/proc", String.valueOf(sleeper.pid()), "fd", "1"))
                    .toString();
            assertTrue(pipe.startsWith("pipe:"), "the grandchild's output is the child's pipe: " + pipe);
            await("the pipe open under its reader, or the reader ended")
                    .atMost(Duration.ofSeconds(20))
                    .until(() -> openHere(pipe) || !readerAlive());
            sleeper.destroy();
            await().atMost(Duration.ofSeconds(30)).until(() -> !openHere(pipe) && !readerAlive());
        } finally {
            sleeper.destroyForcibly();
        }
    }

    /** Whether a reader of this class's children's output is still running. */
    private static boolean readerAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().equals("gather-child-sh-out"));
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
