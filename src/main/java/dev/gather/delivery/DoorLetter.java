package dev.gather.delivery;

import dev.gather.door.Parcel;
import dev.gather.tmux.DeliveryResult;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * A letter at a member's {@link DoorBox}: the parcel its door is handed (its receipts carry the
 * parcel's reference), the future its sender waits on, and when it was queued.
 */
record DoorLetter(Letter letter, Parcel parcel, CompletableFuture<DeliveryResult> done, Instant queuedAt) {
    /** It was taken ({@code how}, through {@code door}) into {@code pane} at {@code now}: its sender hears so. */
    void delivered(String pane, String door, String how, Instant now) {
        done.complete(new DeliveryResult.Delivered(pane, Duration.between(queuedAt, now), 0, door + " " + how));
    }
}
