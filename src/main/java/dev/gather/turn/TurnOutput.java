package dev.gather.turn;

import java.time.Instant;
import java.util.Objects;

/** One agent's distilled final answer of one turn, from the pane it ran in. */
public record TurnOutput(String pane, String harness, String text, Instant at) {
    public TurnOutput {
        Objects.requireNonNull(pane, "pane");
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(at, "at");
    }
}
