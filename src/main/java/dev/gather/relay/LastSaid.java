package dev.gather.relay;

import java.time.Instant;
import java.util.Objects;

/**
 * What a member last said, as a stopped daemon journalled it, and when: the spool may hand that very
 * turn over again after a restart (its file was not yet deleted), and a turn that ended by then with
 * the same words is that one. A later turn may say the same words ("I pass.") and is new.
 */
public record LastSaid(String words, Instant journalledAt) {
    public LastSaid {
        Objects.requireNonNull(words, "words");
        Objects.requireNonNull(journalledAt, "journalledAt");
    }

    /** Whether a turn that ended at {@code ended} with {@code said} is this one, handed over again. */
    public boolean again(String said, Instant ended) {
        return said.equals(words) && !ended.isAfter(journalledAt);
    }
}
