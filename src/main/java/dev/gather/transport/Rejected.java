package dev.gather.transport;

import java.util.Objects;

/**
 * An envelope that was refused and handed to nobody: its stream id, what it claimed to be and from
 * whom, and why it was not believed.
 */
public record Rejected(String id, String kind, String claimedFrom, String why) {
    public Rejected {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(claimedFrom, "claimedFrom");
        Objects.requireNonNull(why, "why");
    }
}
