package dev.gather.turn;

import dev.gather.door.HarnessCopy;
import java.time.Instant;
import java.util.Objects;

/**
 * A harness started a turn with {@code prompt} in {@code pane}: Claude Code's {@code UserPromptSubmit}
 * hook, which fires for a prompt a person typed and for a message that came through its
 * cross-session inbox alike. The evidence that a message handed through a door was taken.
 */
public record PromptSubmitted(String pane, String harness, String session, String prompt, Instant at) {
    public PromptSubmitted {
        Objects.requireNonNull(pane, "pane");
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(at, "at");
    }

    /** Whether this prompt is {@code text}, up to line endings and runs of blanks (as harnesses store it). */
    public boolean carries(String text) {
        return HarnessCopy.normal(prompt).equals(HarnessCopy.normal(text));
    }
}
