package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import dev.gather.turn.Typed;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DelivererTest {
    private static final Deliverer.Timing FAST = new Deliverer.Timing(Duration.ofMillis(500), Duration.ofMillis(50), 3);
    private final FakeTmux tmux = new FakeTmux();

    private Pane spawn(String program) {
        return tmux.spawn(SpawnSpec.of("s-" + program, Path.of("."), program));
    }

    @Test
    void pastesSanitizedNeutralizedTextThenPressesEnter() {
        try (BoxedHarness boxed = new BoxedHarness(Duration.ofMillis(20), false);
                Deliverer d =
                        new Deliverer(tmux, Profiles.shipped().forKind("claude").quirks(), FAST)) {
            tmux.program("boxed", boxed);
            Pane p = spawn("boxed");
            DeliveryResult r = d.deliver(p.id(), "/quit\u001b[201~\nnow");
            assertEquals(1, assertInstanceOf(DeliveryResult.Delivered.class, r).enterPresses());
        }
        Pane p = tmux.panes().get(0);
        assertEquals(
                List.of(
                        new FakeTmux.Event("paste", p.id(), " /quit\nnow"),
                        new FakeTmux.Event("keys", p.id(), "Enter")),
                tmux.events().subList(1, 3));
        assertEquals(List.of(" /quit\nnow"), tmux.pane(p.id()).submitted());
    }

    @Test
    void retriesEnterUntilTheScreenReacts() {
        AtomicInteger enters = new AtomicInteger();
        tmux.program("busy", new FakeTmux.Program() {
            @Override
            public void onSubmit(FakeTmux.FakePane pane, String input) {}

            @Override
            public boolean takesEnter(FakeTmux.FakePane pane) {
                return enters.incrementAndGet() >= 3;
            }
        });
        Pane p = spawn("busy");
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC, FAST)) {
            DeliveryResult r = d.deliver(p.id(), "hi");
            assertEquals(3, assertInstanceOf(DeliveryResult.Delivered.class, r).enterPresses());
        }
        assertEquals(List.of("hi"), tmux.pane(p.id()).submitted());
    }

    @Test
    void givesUpWhenEnterNeverTakes() {
        tmux.program("deaf", new FakeTmux.Program() {
            @Override
            public void onSubmit(FakeTmux.FakePane pane, String input) {}

            @Override
            public boolean takesEnter(FakeTmux.FakePane pane) {
                return false;
            }
        });
        Pane p = spawn("deaf");
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC, FAST)) {
            DeliveryResult r = d.deliver(p.id(), "hi");
            String reason = assertInstanceOf(DeliveryResult.Failed.class, r).reason();
            assertTrue(reason.contains("did not react to Enter after 3 presses"), reason);
        }
        assertEquals(
                3, tmux.events().stream().filter(e -> e.kind().equals("keys")).count());
    }

    @Test
    void aPaneThatExitsOnPasteIsPaneGone() {
        tmux.program("fragile", new FakeTmux.Program() {
            @Override
            public void onSubmit(FakeTmux.FakePane pane, String input) {}

            @Override
            public void onPaste(FakeTmux.FakePane pane, String text) {
                pane.exit();
            }
        });
        Pane p = spawn("fragile");
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC, FAST)) {
            assertEquals(new DeliveryResult.PaneGone(p.id()), d.deliver(p.id(), "hello"));
            assertEquals(new DeliveryResult.PaneGone("%99"), d.deliver("%99", "hello"));
        }
    }

    @Test
    void fanOutReachesEveryPaneConcurrently() {
        List<String> ids =
                List.of(spawn("cat").id(), spawn("cat").id(), spawn("cat").id());
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC, FAST)) {
            Map<String, DeliveryResult> results = d.deliverAll(ids, "[Bo] (2):\n\nhello all");
            assertEquals(ids, List.copyOf(results.keySet()));
            results.values().forEach(r -> assertInstanceOf(DeliveryResult.Delivered.class, r));
        }
        ids.forEach(id ->
                assertEquals(List.of("[Bo] (2):\n\nhello all"), tmux.pane(id).submitted()));
    }

    @Test
    void noPasteIsLongerThanTheOneLimitAndACutIsShown() {
        tmux.program("cat", FakeTmux.CAT);
        Pane p = spawn("cat");
        String announcement = "a".repeat(Typed.MAX_CHARS * 2);
        try (Deliverer d = new Deliverer(tmux, HarnessQuirks.GENERIC, FAST)) {
            d.deliver(p.id(), announcement);
        }
        String pasted = tmux.events().stream()
                .filter(e -> e.kind().equals("paste"))
                .findFirst()
                .orElseThrow()
                .data();
        assertTrue(pasted.length() <= Typed.MAX_CHARS + 100, "pasted " + pasted.length());
        assertTrue(pasted.endsWith("\n" + Typed.TRUNCATED), pasted.substring(pasted.length() - 20));
    }
}
