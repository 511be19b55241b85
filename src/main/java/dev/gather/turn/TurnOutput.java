package dev.gather.turn;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The distilled final answer of one agent turn, as a harness hook or the pane fallback reported it.
 *
 * @param pane the tmux pane id ({@code %12}) of the agent, or {@code -} when the hook ran outside tmux
 * @param onBehalf who reported it for the pane from outside it (a hook event written on behalf of the
 *     pane), journalled as such; empty when the pane's own process reported it
 * @param turn the harness's own id for the turn (Codex's {@code turn-id}), where its hook names one
 */
public record TurnOutput(
        String pane, String harness, String text, Instant time, Optional<String> onBehalf, Optional<String> turn) {
    public TurnOutput {
        Objects.requireNonNull(pane, "pane");
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(onBehalf, "onBehalf");
        Objects.requireNonNull(turn, "turn");
        if (pane.isBlank() || harness.isBlank()) {
            throw new IllegalArgumentException("pane and harness must not be blank");
        }
    }

    /** A turn output its harness gave no id of its own. */
    public TurnOutput(String pane, String harness, String text, Instant time, Optional<String> onBehalf) {
        this(pane, harness, text, time, onBehalf, Optional.empty());
    }

    /** A turn output reported by the pane's own process (its hook, its screen). */
    public TurnOutput(String pane, String harness, String text, Instant time) {
        this(pane, harness, text, time, Optional.empty());
    }

    /** The same output with other words. */
    public TurnOutput withText(String other) {
        return new TurnOutput(pane, harness, other, time, onBehalf, turn);
    }
}
