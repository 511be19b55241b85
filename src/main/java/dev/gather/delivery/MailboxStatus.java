package dev.gather.delivery;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A member's delivery picture for status: its state since when, the messages waiting, the one being
 * typed, those typed but not yet confirmed, and why it is held up, if it is.
 */
public record MailboxStatus(
        String pane,
        String profile,
        MemberState state,
        Instant since,
        List<Letter> queued,
        Optional<Letter> typing,
        List<Letter> unconfirmed,
        Optional<String> note) {
    public MailboxStatus {
        queued = List.copyOf(queued);
        unconfirmed = List.copyOf(unconfirmed);
    }
}
