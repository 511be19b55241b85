package dev.gather.rehearsal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;

/**
 * What a rehearsal saw: each step as the journal of a real gathering would hold it (kind, prompt, to,
 * from, text), with {@code at_ms} its virtual time since the start; whether the gathering closed; and
 * what a designer should look at (a rhythm that cannot finish, someone who never spoke).
 */
public record Timeline(List<ObjectNode> entries, boolean finished, Duration took, List<String> flags) {
    public Timeline {
        entries = List.copyOf(entries);
        flags = List.copyOf(flags);
    }
}
