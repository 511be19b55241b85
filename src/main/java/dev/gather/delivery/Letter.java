package dev.gather.delivery;

import java.util.Objects;

/**
 * One message for one recipient.
 *
 * @param journal the journal the message is written in (a link or gathering id, or {@code oneshot})
 * @param ref the message's entry number in that journal; delivery entries point back to it
 * @param to the recipient's name
 * @param text exactly what is typed (attribution included)
 */
public record Letter(String journal, long ref, String to, String text) {
    public Letter {
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(text, "text");
    }
}
