package dev.gather.journal;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The machine names of journal entries in the event stream ({@code gather events}, the {@code events} op). */
public final class Events {
    private Events() {}

    /** {@code entry} as an event: its fields, plus where it is ({@code journal}, {@code n}) and what it is. */
    static ObjectNode event(String journal, long n, ObjectNode entry) {
        ObjectNode e = entry.objectNode();
        e.put("journal", journal).put("n", n).put("event", name(entry));
        entry.properties().forEach(p -> {
            if (!e.has(p.getKey())) {
                e.set(p.getKey(), p.getValue());
            }
        });
        return e;
    }

    /**
     * What a journal line means ({@link Entry#event}): {@code relay}, {@code piece} (the talking piece
     * moved to {@code member}), {@code phase}, {@code beat}, {@code seed}, {@code join}, {@code leave},
     * {@code close}, {@code delivery}, … — for a line no record reads, its {@code kind} as written.
     */
    public static String name(ObjectNode entry) {
        return Entries.decode(entry).map(Entry::event).orElseGet(() -> entry.path("kind")
                .asText(""));
    }
}
