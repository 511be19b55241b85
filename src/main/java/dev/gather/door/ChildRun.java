package dev.gather.door;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One child process run to its end within a deadline. Its output (stderr with it) goes to a private
 * file while it runs, so the deadline fires even while the child keeps its output open: reading a pipe
 * to its end first would wait for as long as the child lives, and no timeout after it could fire.
 */
final class ChildRun {
    /** What the child said, and how it ended. */
    record Result(int exit, String out) {}

    private ChildRun() {}

    /**
     * Starts {@code pb} with no input and waits at most {@code within} for it to end; a child that
     * does not is killed, and the caller hears {@link TimeoutException}.
     */
    static Result run(ProcessBuilder pb, Duration within) throws IOException, InterruptedException, TimeoutException {
        Path out = Files.createTempFile("gather-child-", ".out"); // owner-only: it may echo a message
        try {
            Process p =
                    pb.redirectErrorStream(true).redirectOutput(out.toFile()).start();
            try {
                p.getOutputStream().close();
                if (!p.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    throw new TimeoutException(
                            pb.command().get(0) + " did not end within " + within.toMillis() + " ms");
                }
            } catch (IOException | InterruptedException e) {
                p.destroyForcibly();
                throw e;
            }
            return new Result(p.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
