package dev.gather.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/**
 * One delivery step of message {@code ref} (its entry number; for a {@link Message.Remote}, the
 * number it has in its own link's journal) to member {@code to} in {@code pane}: {@code state} is
 * queued, typing, handed, held, delivered, confirmed or failed, and {@code text} says how or why.
 */
public record Delivery(long ref, String to, String pane, String state, @JsonInclude(Include.NON_EMPTY) String text)
        implements Entry {
    public Delivery {
        text = text == null ? "" : text;
    }
}
