package dev.gather.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * Freezes and thaws a process with SIGSTOP and SIGCONT. {@code kill} returns once the signal is
 * sent, not once it took: a thread inside a system call (a journal write waiting for the disk on a
 * loaded machine) finishes it first. So a freeze waits until {@code /proc} shows every thread of the
 * process stopped; only then is what the process wrote all it will write.
 */
public final class Freezer {
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private Freezer() {}

    /** Sends SIGSTOP to {@code pid} and returns once every thread of it is stopped (or it is gone). */
    public static void freeze(long pid) {
        signal("STOP", pid);
        await("every thread of " + pid + " stopped").atMost(PATIENCE).until(() -> stopped(pid));
    }

    /** Sends SIGCONT to {@code pid}. */
    public static void thaw(long pid) {
        signal("CONT", pid);
    }

    private static void signal(String name, long pid) {
        try {
            int code = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                    .inheritIO()
                    .start()
                    .waitFor();
            if (code != 0) {
                throw new IllegalStateException("kill -" + name + " " + pid + " exited " + code);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill -" + name + " " + pid, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted sending SIG" + name + " to " + pid, e);
        }
    }

    /** Whether no thread of {@code pid} runs: each is stopped, or gone (a gone one writes nothing). */
    static boolean stopped(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.map(Freezer::state).allMatch(s -> s == 'T' || s == 't' || s == 'X' || s == 'Z' || s == '-');
        } catch (IOException e) {
            return true; // the process is gone
        }
    }

    /** The state letter of a thread's {@code stat} (after its name, which may hold spaces and brackets), or '-' when gone. */
    private static char state(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"), StandardCharsets.UTF_8);
            int name = stat.lastIndexOf(')');
            return name < 0 || name + 2 >= stat.length() ? '-' : stat.charAt(name + 2);
        } catch (IOException e) {
            return '-';
        }
    }
}
