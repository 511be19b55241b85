package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import dev.gather.testing.Slow;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Enter is pressed only while the input box shows the text gather typed, judged after the screen
 * settles: a harness that retitles first and redraws late, or answers with a permission dialog, gets
 * exactly one Enter, and a dialog on screen gets none.
 */
@Slow
class EnterInvariantTest {
    private static final Deliverer.Timing FAST = new Deliverer.Timing(Duration.ofSeconds(2), Duration.ofMillis(100), 4);
    private static final HarnessQuirks CLAUDE =
            Profiles.shipped().forKind("claude").quirks();
    private final FakeTmux tmux = new FakeTmux();

    private long enters() {
        return tmux.events().stream().filter(e -> e.data().equals("Enter")).count();
    }

    private Pane spawn(BoxedHarness harness) {
        tmux.program("boxed", harness);
        Pane p = tmux.spawn(SpawnSpec.of("s", Path.of("."), "boxed"));
        tmux.pane(p.id()).print(BoxedHarness.EMPTY_BOX);
        return p;
    }

    @Test
    void aLateRedrawAfterTheTitleIsNotReadAsARefusedEnter() {
        // the redraw comes well after the settle: the box still shows the text when first judged
        try (BoxedHarness h = new BoxedHarness(Duration.ofMillis(600), false);
                Deliverer d = new Deliverer(tmux, CLAUDE, FAST)) {
            Pane p = spawn(h);
            DeliveryResult r = d.deliver(p.id(), "what is next?");
            assertEquals(1, assertInstanceOf(DeliveryResult.Delivered.class, r).enterPresses());
        }
        assertEquals(1, enters());
    }

    @Test
    void aPermissionDialogAfterTheSubmitGetsNoSecondEnter() {
        Pane p;
        try (BoxedHarness h = new BoxedHarness(Duration.ofMillis(300), true);
                Deliverer d = new Deliverer(tmux, CLAUDE, FAST)) {
            p = spawn(h);
            DeliveryResult r = d.deliver(p.id(), "please run the tests");
            assertEquals(1, assertInstanceOf(DeliveryResult.Delivered.class, r).enterPresses());
            assertEquals(1, enters());
            assertEquals(InputBox.State.DIALOG, d.inputBox(p.id(), CLAUDE));

            DeliveryResult second = d.deliver(p.id(), "and one more thing");
            String reason =
                    assertInstanceOf(DeliveryResult.Failed.class, second).reason();
            assertTrue(reason.contains(Deliverer.DIALOG_OPEN) && reason.contains("Enter not pressed"), reason);
        }
        assertEquals(1, enters(), "no Enter may reach a dialog");
        assertEquals(1, tmux.pane(p.id()).submitted().size());
    }

    @Test
    void aBoxThatNeverShowsTheTextGetsNoEnter() {
        try (BoxedHarness h = new BoxedHarness(Duration.ofMillis(50), false, false);
                Deliverer d = new Deliverer(tmux, CLAUDE, FAST)) {
            Pane p = spawn(h);
            DeliveryResult r = d.deliver(p.id(), "hello");
            String reason = assertInstanceOf(DeliveryResult.Failed.class, r).reason();
            assertTrue(reason.contains("does not show the typed text"), reason);
        }
        assertEquals(0, enters());
    }
}
