package dev.gather.door;

import java.util.Objects;

/**
 * A receipt that came after the door stopped waiting, with the parcel it is about (receipts are
 * matched to deliveries by its reference): a hold settled ({@code delivered}: now in Claude's queue;
 * {@code denied} or {@code expired}: never delivered), or a hold or refusal slower than the window.
 */
public record LateReceipt(ClaudeReceipt receipt, Parcel parcel) {
    public LateReceipt {
        Objects.requireNonNull(receipt, "receipt");
        Objects.requireNonNull(parcel, "parcel");
    }

    /** What the harness says now about the message. */
    public Handover handover() {
        return receipt.handover();
    }

    /** The words of the message it is about. */
    public String text() {
        return parcel.text();
    }
}
