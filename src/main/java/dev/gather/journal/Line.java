package dev.gather.journal;

import java.time.Instant;

/** An entry as read back from its journal: its number there ({@code n}, from 1) and when it was written. */
public record Line(long n, Instant time, Entry entry) {
    public Line {
        Copies.required(time, "time");
        Copies.required(entry, "entry");
    }

    /**
     * The number delivery steps use for this message: its own, or for a letter from another
     * computer's link, the number it has in that link's journal.
     */
    public long ref() {
        return entry instanceof Message.Remote r ? r.ref() : n;
    }
}
