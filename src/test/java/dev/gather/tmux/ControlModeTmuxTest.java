package dev.gather.tmux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Slow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the control-mode driver promises: pipelined replies matched in order, and reconnecting. */
@Slow
class ControlModeTmuxTest {
    private final PrivateServer server = new PrivateServer();
    private final ControlModeTmux tmux = ControlModeTmux.connect(server.config);

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        server.kill(tmux);
    }

    @Test
    void killServerStillWorksOnceTheDriverIsClosed() {
        Pane p = tmux.spawn(SpawnSpec.of("left-behind", dir, "cat"));
        assertTrue(tmux.alive(p.id()));
        tmux.close(); // as a daemon closing its driver before the demo cleans up
        tmux.killServer();
        // the socket file goes either way: the program in the pane is what shows the server died
        await().atMost(Duration.ofSeconds(10))
                .until(() -> ProcessHandle.of(p.pid()).map(h -> !h.isAlive()).orElse(true));
        assertFalse(new ExecTmux(server.config).serverRunning());
    }

    @Test
    void aWatchedPaneWhoseSessionIsKilledEndsInsteadOfLivingOnInTheHiddenSession() throws Exception {
        Pane p = tmux.spawn(SpawnSpec.of("member", dir, "cat"));
        List<String> exited = new CopyOnWriteArrayList<>();
        try (AutoCloseable watch = tmux.onOutput(p.id(), s -> {});
                AutoCloseable exits = tmux.onPaneExit(exited::add)) {
            // as a user ending a member: its window was linked into gather's control session to watch it
            Process kill = new ProcessBuilder("tmux", "-L", server.socket, "kill-session", "-t", "member").start();
            assertEquals(0, kill.waitFor());
            await().atMost(Duration.ofSeconds(20)).until(() -> exited.contains(p.id()));
            assertFalse(tmux.alive(p.id()));
            await().atMost(Duration.ofSeconds(10))
                    .until(() ->
                            ProcessHandle.of(p.pid()).map(h -> !h.isAlive()).orElse(true));
        }
    }

    @Test
    void manyPipelinedCommandsEachGetTheirOwnReply() {
        List<CompletableFuture<List<String>>> replies = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            replies.add(tmux.submit(List.of("display-message", "-p", "reply " + i)));
        }
        for (int i = 0; i < 500; i++) {
            assertEquals(List.of("reply " + i), replies.get(i).join());
        }
    }

    @Test
    void reconnectsAfterItsClientIsDetachedAndKeepsStreamingOutput() throws Exception {
        Pane p = tmux.spawn(SpawnSpec.of("s", dir, "cat"));
        List<String> seen = new CopyOnWriteArrayList<>();
        AutoCloseable sub = tmux.onOutput(p.id(), seen::add);
        try {
            ExecTmux exec = new ExecTmux(server.config);
            exec.run(List.of("detach-client", "-a", "-s", "s"));
            for (String client : exec.run(List.of("list-clients", "-F", "#{client_name}"))) {
                exec.run(List.of("detach-client", "-t", client));
            }
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> tmux.alive(p.id()));
            tmux.paste(p.id(), "after reconnect");
            tmux.sendKeys(p.id(), "Enter");
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> TmuxContract.count(String.join("", seen), "after reconnect") >= 2);
        } finally {
            sub.close();
        }
        assertTrue(tmux.panes().stream().anyMatch(q -> q.id().equals(p.id())));
    }

    @Test
    void closingRemovesItsHiddenSessionButLeavesBorrowedWindowsAlive() throws Exception {
        Pane p = tmux.spawn(SpawnSpec.of("s", dir, "cat"));
        tmux.onOutput(p.id(), t -> {});
        ExecTmux exec = new ExecTmux(server.config);
        assertTrue(exec.run(List.of("list-sessions", "-F", "#{session_name}")).stream()
                .anyMatch(s -> s.startsWith("gather-watching-")));
        tmux.close();
        assertEquals(List.of("s"), exec.run(List.of("list-sessions", "-F", "#{session_name}")));
        assertTrue(exec.alive(p.id()));
    }

    /**
     * A command from another thread (the exit poller's, the reaper's) as the driver closes must not
     * reconnect once close has killed the hidden session: a new control client makes it again, and it
     * stays in the user's {@code tmux ls} as long as this process runs (seen on one loaded core).
     */
    @Test
    void aCommandRacingCloseDoesNotMakeTheHiddenSessionAgain() throws Exception {
        ExecTmux exec = new ExecTmux(server.config);
        exec.run(List.of("new-session", "-d", "-s", "s", "cat"));
        List<String> before = exec.run(List.of("list-sessions", "-F", "#{session_name}")); // s, the fixture's own
        for (int i = 0; i < 50; i++) {
            ControlModeTmux racing = ControlModeTmux.connect(server.config);
            Pane p = racing.panes().stream()
                    .filter(q -> q.session().equals("s"))
                    .findFirst()
                    .orElseThrow();
            racing.onOutput(p.id(), t -> {});
            AtomicBoolean closed = new AtomicBoolean();
            Thread poller = new Thread(() -> {
                while (!closed.get()) {
                    try {
                        racing.panes(); // as the exit poller does every second
                    } catch (TmuxException e) {
                        // the client went with its session, or the driver is closed: polled again until close returned
                    }
                }
            });
            poller.start();
            racing.close();
            closed.set(true);
            poller.join();
            assertEquals(before, exec.run(List.of("list-sessions", "-F", "#{session_name}")), "round " + i);
        }
    }

    @Test
    void aDeadServerIsReportedNotRestarted() {
        tmux.spawn(SpawnSpec.of("s", dir, "cat"));
        new ExecTmux(server.config).killServer();
        // the first command may still reach the dying client; from then on the loss is reported
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> tmux.panes()
                .isEmpty());
        TmuxException e = assertThrows(TmuxException.class, () -> tmux.paste("%0", "x"));
        assertTrue(e.getMessage().contains("not running any more"), e.getMessage());
        assertFalse(new ExecTmux(server.config).serverRunning());
    }

    @Test
    void watchingAPaneBorrowsItsWindowOnlyWhileSomeoneListens() throws Exception {
        Pane p = tmux.spawn(SpawnSpec.of("s", dir, "cat"));
        ExecTmux exec = new ExecTmux(server.config);
        String window = exec.run(List.of("display-message", "-p", "-t", p.id(), "#{window_id}"))
                .get(0);
        AutoCloseable first = tmux.onOutput(p.id(), t -> {});
        AutoCloseable second = tmux.onOutput(p.id(), t -> {});
        assertEquals(2, linkCount(exec, window));
        first.close();
        assertEquals(2, linkCount(exec, window));
        second.close();
        await().atMost(Duration.ofSeconds(20)).until(() -> linkCount(exec, window) == 1);
        assertTrue(tmux.alive(p.id()));
    }

    private static long linkCount(ExecTmux exec, String window) {
        return exec.run(List.of("list-windows", "-a", "-F", "#{window_id}")).stream()
                .filter(window::equals)
                .count();
    }
}
