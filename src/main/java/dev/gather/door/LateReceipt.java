package dev.gather.door;

import java.util.Objects;

/**
 * A receipt that came after the door stopped waiting, with the text of the message it is about (the
 * key gather's deliveries are matched by): a hold settled ({@code delivered}: now in Claude's queue;
 * {@code denied} or {@code expired}: never delivered), or a hold or refusal slower than the window.
 */
public record LateReceipt(ClaudeReceipt receipt, String text) {
    public LateReceipt {
        Objects.requireNonNull(receipt, "receipt");
        Objects.requireNonNull(text, "text");
    }

    /** What the harness says now about the message. */
    public Handover handover() {
        return receipt.handover();
    }
}
