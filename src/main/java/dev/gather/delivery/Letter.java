package dev.gather.delivery;

import dev.gather.door.Parcel;
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

    /** The letter's reference in words: its journal, its entry and its recipient ({@code g1#7 to Bo}). */
    public String reference() {
        return journal + "#" + ref + " to " + to;
    }

    /**
     * This letter as a door is handed it, for {@code pane}: its reference is unique among the letters
     * in flight (a member's door is handed one letter at a time; the same words to another member
     * are another parcel).
     */
    public Parcel parcel(String pane) {
        return new Parcel(reference() + " in " + pane, text);
    }
}
