package dev.gather.transport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One message between daemons on different computers.
 *
 * @param kind what it asks: {@code deliver} (type a letter into a pane), {@code result} (how a
 *     delivery ended), {@code turn} (a member's turn output, for its link's owner), {@code gone} (a
 *     member's pane ended)
 * @param from the computer that sent it
 * @param body the kind's fields
 */
public record Envelope(String kind, String from, ObjectNode body) {
    public Envelope {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(body, "body");
    }
}
