package dev.gather.tmux;

import java.time.Duration;
import java.util.Objects;

/** How one delivery into a pane ended; expected outcomes are values, not exceptions. */
public sealed interface DeliveryResult {
    String paneId();

    /**
     * The text was pasted, submitted and the harness took it; {@code enterPresses} counts Enter tries
     * (1 when the first took; 0 when the words were only shown on the screen, never typed) and {@code
     * confirmedBy} says how that was seen.
     */
    record Delivered(String paneId, Duration took, int enterPresses, String confirmedBy) implements DeliveryResult {
        public Delivered {
            Objects.requireNonNull(paneId, "paneId");
            Objects.requireNonNull(confirmedBy, "confirmedBy");
        }
    }

    /** The pane or its process is gone; the caller should drop the member, not retry. */
    record PaneGone(String paneId) implements DeliveryResult {
        public PaneGone {
            Objects.requireNonNull(paneId, "paneId");
        }
    }

    /** The pane exists but delivery could not be completed; {@code reason} says what and where. */
    record Failed(String paneId, String reason) implements DeliveryResult {
        public Failed {
            Objects.requireNonNull(paneId, "paneId");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
