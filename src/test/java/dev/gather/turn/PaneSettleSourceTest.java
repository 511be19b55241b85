package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gather.time.ManualScheduler;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaneSettleSourceTest {
    /** Time the test moves by hand. */
    private final ManualScheduler time = new ManualScheduler();

    private final Clock clock = time.clock();
    private final List<TurnOutput> outputs = new ArrayList<>();
    private final PaneSettleSource source = new PaneSettleSource("%3", Duration.ofSeconds(2), clock, outputs::add);

    @Test
    void emitsOnceThePaneHasBeenQuietLongEnough() {
        source.accept("\u001B[1mHello\u001B[0m, ");
        time.advance(Duration.ofMillis(1500));
        source.accept("world\r\n");
        time.advance(Duration.ofMillis(1999));
        source.tick();
        assertEquals(List.of(), outputs);
        time.advance(Duration.ofMillis(1));
        source.tick();
        assertEquals(List.of(new TurnOutput("%3", "pane", "Hello, world", clock.instant())), outputs);
        source.tick();
        assertEquals(1, outputs.size(), "nothing new, nothing emitted");
    }

    @Test
    void whatGatherTypedIsNotTheMembersOutputEvenWhenRewrapped() {
        source.typed("[Ada] (1):\n\nplease review the parser changes");
        source.accept("$ [Ada] (1):\r\n\r\nplease review the pars\r\ner changes\r\nLooks good to me.\r\n$ ");
        source.settled();
        assertEquals("$ \nLooks good to me.\n$", outputs.get(0).text());
    }

    @Test
    void onlyGathersOwnTypingEmitsNothing() {
        source.typed("hello");
        source.accept("hello\r\n");
        source.settled();
        assertEquals(List.of(), outputs);
    }

    @Test
    void anEchoThatArrivesLateIsStillRemovedButNotForever() {
        source.typed("late words");
        source.accept("thinking");
        source.settled();
        source.accept("late words and an answer");
        source.settled();
        source.accept("late words again");
        source.settled();
        assertEquals(
                List.of("thinking", "and an answer", "late words again"),
                outputs.stream().map(TurnOutput::text).toList());
    }

    @Test
    void quietPeriodMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new PaneSettleSource("%1", Duration.ZERO, clock, o -> {}));
    }
}
