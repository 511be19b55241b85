package dev.gather.tmux;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/** Waits of end-to-end tests that, when they run out, show what the panes showed then. */
public final class ScreensShown {
    private ScreensShown() {}

    /**
     * Waits up to {@code atMost} for {@code condition}; on timeout fails with the {@code screen} of each
     * of {@code panes} and then {@code more}.
     */
    public static void until(
            Duration atMost,
            Callable<Boolean> condition,
            Function<Pane, String> screen,
            Supplier<String> more,
            Pane... panes) {
        try {
            Awaitility.await().atMost(atMost).until(condition);
        } catch (ConditionTimeoutException e) {
            StringBuilder shown = new StringBuilder(e.getMessage());
            for (Pane p : panes) {
                shown.append("\n--- ")
                        .append(p.session())
                        .append(' ')
                        .append(p.id())
                        .append(":\n")
                        .append(screen.apply(p).stripTrailing());
            }
            throw new AssertionError(shown.append('\n').append(more.get()).toString(), e);
        }
    }
}
