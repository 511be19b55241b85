package dev.gather.delivery;

import dev.gather.door.Parcel;
import dev.gather.tmux.DeliveryResult;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * A letter in a member's {@link Channel}: the parcel a door is handed (its receipts carry the parcel's
 * reference), the future its sender waits on, when it was queued, and whether it goes by keystrokes
 * whatever the harness (its door said no to it once).
 */
record Pending(Letter letter, Parcel parcel, CompletableFuture<DeliveryResult> done, Instant queuedAt, boolean keys) {
    /** {@code letter}, queued for {@code pane} at {@code now}. */
    static Pending of(Letter letter, String pane, Instant now) {
        return new Pending(letter, letter.parcel(pane), new CompletableFuture<>(), now, false);
    }

    /** This letter, from now on typed: its door said no. Its sender waits on the same future. */
    Pending byKeys() {
        return new Pending(letter, parcel, done, queuedAt, true);
    }

    /** It was taken ({@code how}, through {@code door}) into {@code pane} at {@code now}: its sender hears so. */
    void delivered(String pane, String door, String how, Instant now) {
        done.complete(new DeliveryResult.Delivered(pane, Duration.between(queuedAt, now), 0, door + " " + how));
    }

    /** {@code pane} ended with it there: it fails, journalled in {@code ledger} with {@code why}. */
    void paneGone(Ledger ledger, String pane, String why) {
        ledger.record(letter, pane, DeliveryState.FAILED, why);
        done.complete(new DeliveryResult.PaneGone(pane));
    }
}
