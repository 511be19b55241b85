package dev.gather.tmux;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gather.time.ManualScheduler;
import dev.gather.time.Scheduler;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;

class PaneOutputTest {
    private final FakeTmux tmux = new FakeTmux();
    private final ManualScheduler time = new ManualScheduler();
    private final List<String> outputs = new CopyOnWriteArrayList<>();
    private final List<String> settles = new CopyOnWriteArrayList<>();
    private final PaneOutput.Listener listener = new PaneOutput.Listener() {
        @Override
        public void output(String text) {
            outputs.add(text);
        }

        @Override
        public void settled(String text) {
            settles.add(text);
        }
    };

    @Test
    void settlesOnceAfterTheQuietPeriodWithEverythingSinceTheLastSettle() {
        Pane p = tmux.spawn(SpawnSpec.of("s", Path.of("."), "cat"));
        FakeTmux.FakePane pane = tmux.pane(p.id());
        PaneOutput out = PaneOutput.watch(tmux, p.id(), Duration.ofSeconds(2), time.clock(), time, listener);
        try {
            pane.print("thinking");
            time.advance(Duration.ofMillis(1500));
            pane.print(" … done");
            time.advance(Duration.ofMillis(1999));
            assertEquals(List.of(), settles);
            time.advance(Duration.ofMillis(1));
            assertEquals(List.of("thinking … done"), settles);
            time.advance(Duration.ofSeconds(60));
            assertEquals(1, settles.size());
            pane.print("next turn");
            time.advance(Duration.ofSeconds(2));
            assertEquals(List.of("thinking … done", "next turn"), settles);
        } finally {
            out.close();
        }
        assertEquals(List.of("thinking", " … done", "next turn"), outputs);
    }

    @Test
    void closingStopsTheStreamAndPendingSettle() {
        Pane p = tmux.spawn(SpawnSpec.of("s", Path.of("."), "cat"));
        PaneOutput out = PaneOutput.watch(tmux, p.id(), Duration.ofSeconds(1), time.clock(), time, listener);
        tmux.pane(p.id()).print("a");
        out.close();
        tmux.pane(p.id()).print("b");
        time.advance(Duration.ofSeconds(5));
        assertEquals(List.of("a"), outputs);
        assertEquals(List.of(), settles);
    }

    @Test
    void quietPeriodMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new PaneOutput(Duration.ZERO, time.clock(), time, listener));
    }

    @Test
    void streamsARealPaneThroughControlModeAndSettles() {
        PrivateServer server = new PrivateServer();
        ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor();
        try (Tmux real = ControlModeTmux.connect(server.config)) {
            Pane p = real.spawn(SpawnSpec.of("s", Path.of("."), "cat"));
            PaneOutput out = PaneOutput.watch(
                    real, p.id(), Duration.ofMillis(200), Clock.systemUTC(), Scheduler.of(exec), listener);
            try {
                real.paste(p.id(), "streamed");
                real.sendKeys(p.id(), "Enter");
                // the echo and cat's answer, in one settle or two: a loaded machine may put more than the
                // quiet period between the paste and the Enter
                await().atMost(Duration.ofSeconds(20))
                        .until(() -> TmuxContract.count(String.join("", settles), "streamed") == 2);
            } finally {
                out.close();
            }
        } finally {
            exec.shutdownNow();
            server.kill();
        }
    }
}
