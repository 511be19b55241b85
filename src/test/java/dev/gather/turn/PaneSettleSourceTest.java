package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaneSettleSourceTest {
    /** A clock the test moves by hand. */
    static final class FakeClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final FakeClock clock = new FakeClock();
    private final List<TurnOutput> outputs = new ArrayList<>();
    private final PaneSettleSource source = new PaneSettleSource("%3", Duration.ofSeconds(2), clock, outputs::add);

    @Test
    void emitsOnceThePaneHasBeenQuietLongEnough() {
        source.accept("\u001B[1mHello\u001B[0m, ");
        clock.advance(Duration.ofMillis(1500));
        source.accept("world\r\n");
        clock.advance(Duration.ofMillis(1999));
        source.tick();
        assertEquals(List.of(), outputs);
        clock.advance(Duration.ofMillis(1));
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
