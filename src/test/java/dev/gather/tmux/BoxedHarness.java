package dev.gather.tmux;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A fake TUI that draws a Claude-like input box ({@code ❯} + U+00A0 when empty, {@code ❯ text} when
 * typed into) and answers a submit after {@code redraw}: first a bare title change (output that moves
 * nothing on screen), then the answer, or a permission dialog ({@code ❯ 1. Yes}) when {@code dialog}.
 */
final class BoxedHarness implements FakeTmux.Program, AutoCloseable {
    static final String EMPTY_BOX = "\n────────\n❯\u00a0\n────────\n  ⏵⏵ footer\n";

    private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    private final Duration redraw;
    private final boolean dialog;
    private final boolean showsPaste;
    private volatile boolean dialogOpen;

    BoxedHarness(Duration redraw, boolean dialog) {
        this(redraw, dialog, true);
    }

    /** {@code showsPaste} false: a box that never shows what was pasted into it. */
    BoxedHarness(Duration redraw, boolean dialog, boolean showsPaste) {
        this.redraw = redraw;
        this.dialog = dialog;
        this.showsPaste = showsPaste;
    }

    @Override
    public void onPaste(FakeTmux.FakePane pane, String text) {
        if (dialogOpen) {
            return; // a dialog takes keys as choices; it draws no box
        }
        if (!showsPaste) {
            pane.print(EMPTY_BOX);
            return;
        }
        pane.print("\n────────\n❯ " + text.strip().lines().findFirst().orElse("") + "\n────────\n  ⏵⏵ footer\n");
    }

    @Override
    public void onSubmit(FakeTmux.FakePane pane, String input) {
        pane.print("\u001b]0;✳ Working\u0007");
        // the harness's own latency, not a wait of the test
        later.schedule(
                () -> {
                    dialogOpen = dialog;
                    pane.print(
                            dialog
                                    ? "\n Bash command\n   touch pwned\n Do you want to proceed?\n ❯ 1. Yes\n   2. No\n"
                                    : "\n⏺ answered\n" + EMPTY_BOX);
                },
                redraw.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        later.shutdownNow();
    }
}
