package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.gather.profile.Profiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Gemini takes an Enter that comes too soon after a paste (a loaded machine delays its 40 ms guard) as
 * a new line, and redraws: for a moment its box is hidden, and the history line of an earlier prompt
 * ("> earlier words") is the lowest box-like line on screen. Other text read as the box is no proof of
 * a submit: the deliverer looks again, sees its words back in the box, presses again after a quiet
 * while, and only then counts them delivered. The harness gets them once.
 */
class PasteGuardTest {
    private static final Deliverer.Timing FAST = new Deliverer.Timing(Duration.ofSeconds(2), Duration.ofMillis(100), 4);
    private static final HarnessQuirks GEMINI =
            Profiles.shipped().forKind("gemini").quirks();
    private final FakeTmux tmux = new FakeTmux();

    @Test
    void anEnterTakenAsANewLineIsNotASubmitTheWordsArePressedOnAndArriveOnce() {
        String words = "[Ada] (1):\n\nAda speaks, turn 3. I pass the piece.";
        Pane p;
        try (GuardedBox gemini = new GuardedBox();
                Deliverer d = new Deliverer(tmux, GEMINI, FAST)) {
            tmux.program("gemini", gemini);
            p = tmux.spawn(SpawnSpec.of("cy", Path.of("."), "gemini"));
            tmux.pane(p.id()).print(GuardedBox.box("  Type your message or @path/to/file"));
            DeliveryResult r = d.deliver(p.id(), words);
            assertEquals(2, assertInstanceOf(DeliveryResult.Delivered.class, r).enterPresses(), r.toString());
            assertEquals(2, gemini.enters.get());
        }
        assertEquals(List.of(words), tmux.pane(p.id()).submitted());
    }

    /** Gemini's screen, and its guard: the first Enter after a paste is a new line. */
    private static final class GuardedBox implements FakeTmux.Program, AutoCloseable {
        private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
        final AtomicInteger enters = new AtomicInteger();
        private volatile String first = "";

        static String box(String text) {
            return "\n────────\n Shift+Tab to accept edits\n > " + text + "\n\n workspace (/directory)   sandbox\n";
        }

        @Override
        public void onPaste(FakeTmux.FakePane pane, String text) {
            first = text.strip().lines().findFirst().orElse("");
            pane.print(box(first));
        }

        @Override
        public boolean takesEnter(FakeTmux.FakePane pane) {
            if (enters.incrementAndGet() > 1) {
                return true;
            }
            // the box hidden while it redraws: an earlier prompt's history line is the lowest "> " line
            pane.print("\n > earlier words\n\n✦ noted\n\n");
            later.schedule(() -> pane.print(box(first)), 300, TimeUnit.MILLISECONDS); // its own latency
            return false;
        }

        @Override
        public void onSubmit(FakeTmux.FakePane pane, String input) {
            pane.print("\n✦ ok\n" + box("  Type your message or @path/to/file"));
        }

        @Override
        public void close() {
            later.shutdownNow();
        }
    }
}
