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
     * What an entry means: {@code relay}, {@code piece} (the talking piece moved to {@code holder}),
     * {@code phase}, {@code beat}, {@code seed}, {@code join}, {@code leave}, {@code close}, {@code
     * delivery} (a delivery step and its state), … — the entry's {@code kind} where that already says it.
     */
    public static String name(ObjectNode entry) {
        String kind = entry.path("kind").asText("");
        String prompt = entry.path("prompt").asText("");
        return switch (kind) {
            case "announce" -> switch (prompt) {
                case "turn" -> "piece";
                case "phase" -> "phase";
                case "left" -> "leave";
                case "closing" -> "closing";
                default -> "announce";
            };
            case "private" -> switch (prompt) {
                case "beat", "final_beat" -> "beat";
                case "seed" -> "seed";
                default -> "private";
            };
            case "handshake" -> "join";
            case "left" -> "leave";
            case "oneshot" -> "send";
            default -> kind;
        };
    }
}
