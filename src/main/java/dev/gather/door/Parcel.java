package dev.gather.door;

import java.util.Objects;

/**
 * One letter as a door sees it: the reference every receipt about it is correlated by (unique among
 * the letters in flight, so two members handed the same words never answer for each other) and the
 * words to hand (already attributed and sanitized).
 */
public record Parcel(String ref, String text) {
    public Parcel {
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(text, "text");
        if (ref.isBlank()) {
            throw new IllegalArgumentException("a parcel needs a reference: receipts are matched by it");
        }
    }
}
