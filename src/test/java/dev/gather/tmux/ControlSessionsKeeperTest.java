package dev.gather.tmux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The shell that keeps a control session's own window open ends when its tmux server has gone, even
 * while its daemon still runs: a server killed before that shell held its terminal sends it no
 * hangup, and one was found polling after a test run had ended every server.
 */
class ControlSessionsKeeperTest {
    @Test
    void aKeeperWhoseServerHasGoneEndsThoughItsDaemonStillRuns() throws Exception {
        List<String> args = ControlSessions.attachArgs(
                "gather-watching-1-1", ProcessHandle.current().pid());
        String keeper = args.get(args.size() - 1);
        // the keeper's parent stands in for its tmux server, named in $TMUX as tmux names itself to a
        // pane (socket,pid,session); this JVM, which runs on, stands in for its daemon
        Process parent = new ProcessBuilder(
                        "sh", "-c", "TMUX=/tmp/a,b/default,$$,0 sh -c \"$1\" & echo $!; wait", "server", keeper)
                .redirectErrorStream(true)
                .start();
        AtomicLong started = new AtomicLong(-1);
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))) {
            long pid = Long.parseLong(out.readLine().trim());
            started.set(pid);
            // it sleeps between its looks only once its daemon and its server both answered
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> sleeping(pid));
            parent.destroyForcibly().waitFor();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> !running(pid));
        } finally {
            ProcessHandle.of(parent.pid()).ifPresent(ProcessHandle::destroyForcibly);
            // a keeper that did not end is not left polling this JVM after the run
            ProcessHandle.of(started.get()).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Whether {@code pid} has a child: the keeper's {@code sleep} between two looks. */
    private static boolean sleeping(long pid) {
        return ProcessHandle.of(pid)
                .map(h -> h.children().findAny().isPresent())
                .orElse(false);
    }

    /** Whether {@code pid} runs: neither gone nor a zombie no one has reaped yet. */
    private static boolean running(long pid) throws IOException {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty() || !h.get().isAlive()) {
            return false;
        }
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        try {
            String s = Files.readString(stat);
            // the state follows the command's closing parenthesis
            return s.charAt(s.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException gone) {
            return false;
        }
    }
}
