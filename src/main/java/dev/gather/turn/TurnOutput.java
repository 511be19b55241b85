package dev.gather.turn;

import java.time.Instant;
import java.util.Objects;

/**
 * The distilled final answer of one agent turn, as a harness hook or the pane fallback reported it.
 *
 * @param pane the tmux pane id ({@code %12}) of the agent, or {@code -} when the hook ran outside tmux
 */
public record TurnOutput(String pane, String harness, String text, Instant time) {
    public TurnOutput {
        Objects.requireNonNull(pane, "pane");
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(time, "time");
        if (pane.isBlank() || harness.isBlank()) {
            throw new IllegalArgumentException("pane and harness must not be blank");
        }
    }
}
