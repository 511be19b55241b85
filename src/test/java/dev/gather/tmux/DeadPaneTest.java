package dev.gather.tmux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Slow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pane whose program ended but that tmux keeps on screen ({@code remain-on-exit}, as many people
 * set it): pasting into it crashed tmux 3.3a's whole server (every session of the person, and of
 * the bench's Codex row, where a late Enter met a pane the bench had ended). Both drivers report the
 * pane gone instead, and the server and its other panes live on.
 */
@Slow
class DeadPaneTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final PrivateServer server = new PrivateServer();
    private CommandTmux tmux;

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        if (tmux != null) {
            server.kill(tmux);
        } else {
            server.kill();
        }
    }

    private CommandTmux open(String driver) {
        Function<TmuxConfig, CommandTmux> open = driver.equals("control") ? ControlModeTmux::connect : ExecTmux::new;
        return open.apply(server.config);
    }

    /** A pane whose program has ended, kept on screen by remain-on-exit, and a live one beside it. */
    private Pane deadBeside(Pane live) {
        tmux.run(List.of("set-option", "-g", "remain-on-exit", "on"));
        Pane dead = tmux.spawn(SpawnSpec.of("ended", dir, "cat"));
        tmux.sendKeys(dead.id(), "C-d");
        await().atMost(WAIT)
                .until(
                        () -> tmux.run(List.of("display-message", "-p", "-t", dead.id(), "#{pane_dead}")),
                        out -> out.equals(List.of("1")));
        assertTrue(tmux.alive(live.id()));
        return dead;
    }

    @ParameterizedTest
    @ValueSource(strings = {"control", "exec"})
    void everyPasteIntoADeadPaneIsReportedGoneAndTheServerLivesOn(String driver) {
        tmux = open(driver);
        Pane live = tmux.spawn(SpawnSpec.of("live", dir, "cat"));
        Pane dead = deadBeside(live);

        assertEquals(
                TmuxException.Kind.NO_PANE,
                assertThrows(TmuxException.class, () -> tmux.paste(dead.id(), "hello"))
                        .kind());
        assertGone(tmux.pressEnterAsync(dead.id()));
        Map<String, CompletableFuture<Void>> both = tmux.pasteAllAsync(List.of(dead.id(), live.id()), "to both");
        assertGone(both.get(dead.id()));
        both.get(live.id()).join();

        // the server took all of it: the live pane still answers and shows what was pasted
        assertTrue(tmux.alive(live.id()));
        tmux.paste(live.id(), " and on");
        await().atMost(WAIT).until(() -> tmux.capture(live.id(), 0).contains("to both and on"));
        // and nothing gather loaded for the dead pane is left behind in the server's buffers
        await().atMost(WAIT).until(() -> tmux.run(List.of("list-buffers", "-F", "#{buffer_name}")), List::isEmpty);
    }

    @ParameterizedTest
    @ValueSource(strings = {"control", "exec"})
    void theDelivererFindsADeadPaneGone(String driver) {
        tmux = open(driver);
        Pane live = tmux.spawn(SpawnSpec.of("live", dir, "cat"));
        Pane dead = deadBeside(live);
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC)) {
            assertInstanceOf(DeliveryResult.PaneGone.class, deliverer.deliver(dead.id(), "hello"));
        }
        assertTrue(tmux.alive(live.id()));
    }

    private static void assertGone(CompletableFuture<Void> paste) {
        CompletionException e = assertThrows(CompletionException.class, paste::join);
        assertEquals(
                TmuxException.Kind.NO_PANE,
                assertInstanceOf(TmuxException.class, e.getCause()).kind());
    }
}
