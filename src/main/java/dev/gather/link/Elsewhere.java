package dev.gather.link;

import dev.gather.delivery.Letter;
import dev.gather.tmux.DeliveryResult;
import java.util.concurrent.CompletableFuture;

/** Members on other computers: a pane held there is reached through it, not through this computer's post office. */
public interface Elsewhere {
    /** No other computer: every pane is here. */
    Elsewhere NOWHERE = new Elsewhere() {
        @Override
        public boolean holds(String pane) {
            return false;
        }

        @Override
        public CompletableFuture<DeliveryResult> deliver(String pane, Letter letter) {
            throw new IllegalStateException("pane " + pane + " is on this computer");
        }
    };

    /** Whether {@code pane} is on another computer. */
    boolean holds(String pane);

    /** Hands {@code letter} to the computer that holds {@code pane}; completes with its outcome there. */
    CompletableFuture<DeliveryResult> deliver(String pane, Letter letter);
}
