package dev.gather.relay;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.journal.JournalUnavailable;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.SpawnSpec;
import dev.gather.turn.TurnOutput;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A pane read from its screen keeps being read whatever the relay answers to one of its turns. */
class ScreenSourcesTest {
    private final FakeTmux tmux = new FakeTmux();
    private final ScheduledExecutorService timers =
            Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "screen-sources-test"));
    private final ScreenSources screens = new ScreenSources(tmux, timers, Clock.systemUTC());
    private final List<String> heard = new CopyOnWriteArrayList<>();
    private final AtomicInteger tries = new AtomicInteger();
    private final String pane =
            tmux.spawn(SpawnSpec.of("Ada", Path.of("."), "shell")).id();

    @AfterEach
    void stop() {
        screens.close();
        timers.shutdownNow();
    }

    /** A relay whose first answer is {@code first}, thrown; it hears every turn after. */
    private Consumer<TurnOutput> relayFailingOnce(RuntimeException first) {
        return out -> {
            if (tries.incrementAndGet() == 1) {
                throw first;
            }
            heard.add(out.text());
        };
    }

    @Test
    void aTurnTheJournalRefusedIsHandedInAgainAndThePaneIsStillRead() {
        screens.watch(pane, relayFailingOnce(new JournalUnavailable("link-1", "No space left on device", null)));
        tmux.pane(pane).print("first words\r\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> heard.size() == 1);
        tmux.pane(pane).print("second words\r\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> heard.size() == 2);
        assertEquals(List.of("first words", "second words"), heard);
    }

    @Test
    void aRelayThatFailsOnceDoesNotEndThePanesWatch() {
        screens.watch(pane, relayFailingOnce(new IllegalStateException("a fault of the relay's")));
        tmux.pane(pane).print("lost to the fault\r\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> tries.get() == 1);
        tmux.pane(pane).print("still read\r\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> heard.size() == 1);
        assertEquals(List.of("still read"), heard);
    }
}
