package dev.gather.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ends a test's private tmux server for good. {@code kill-server} alone is not enough: a server whose
 * last session ended while a control client still hung on it was seen to stay up, answering nobody
 * ("server exited unexpectedly"), for as long as the machine ran; and a control client that found the
 * socket gone started a second server under the same name. So every process that names the socket
 * (servers and clients alike) is waited for after the kill, and what is still there is made to end.
 */
public final class TmuxServers {
    private TmuxServers() {}

    /** Kills the server of {@code socket} ({@code tmux -L socket}), its clients, and its socket file. */
    public static void kill(String socket) {
        try {
            Process p = new ProcessBuilder("tmux", "-L", socket, "kill-server")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run tmux to end the server " + socket, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> of(socket).isEmpty());
        } catch (RuntimeException stillThere) {
            of(socket).forEach(ProcessHandle::destroyForcibly);
        }
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            Files.deleteIfExists(Path.of(System.getenv().getOrDefault("TMUX_TMPDIR", "/tmp"), "tmux-" + uid, socket));
        } catch (IOException | UnsupportedOperationException e) {
            // a stale socket file: the run's own tmux folder goes at its end (RunLeftovers)
        }
    }

    /** The live processes whose command line names {@code -L socket}. */
    static List<ProcessHandle> of(String socket) {
        return ProcEntries.holding("cmdline", "-L", socket);
    }

    /** What {@code tmux -L socket args…} prints (for a failure's account), within 10 s. */
    public static String output(String socket, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("gather-tmux-", ".out");
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "(tmux " + String.join(" ", args) + " gave no answer in 10 s)";
            }
            return Files.readString(out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)";
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
