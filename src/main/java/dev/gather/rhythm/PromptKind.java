package dev.gather.rhythm;

import java.util.Set;

/**
 * The prompts a rhythm can declare, each with its YAML key and the placeholders it may use. The
 * verifier rejects any other placeholder; the engine fills exactly these.
 */
public enum PromptKind {
    /** Each member's first message: identity, participant map, breath, question, pulse. */
    SEED(
            "seed",
            Set.of(
                    "name",
                    "number",
                    "role",
                    "participants",
                    "order",
                    "harvester",
                    "breath",
                    "beats",
                    "rhythm",
                    "question",
                    "pulse")),
    /** Private heartbeat to the holder. */
    BEAT("beat", Set.of("name", "number", "beat", "beats", "pulse")),
    /** The last beat of a turn. */
    FINAL_BEAT("final_beat", Set.of("name", "number", "beat", "beats")),
    /** Announced to all when a phase (or a round within it) begins. */
    PHASE("phase", Set.of("PHASE", "phase", "round", "rounds", "discipline")),
    /** Announced to all when the piece moves. */
    TURN("turn", Set.of("name", "number")),
    /** Sent to the harvester alone when the last round ends. */
    HARVEST("harvest", Set.of("name", "number", "rhythm", "question")),
    /** Private note to a member who spoke without the piece. */
    REMINDER("reminder", Set.of("name", "number", "holder", "holder_number")),
    /** Announced to all when a private phase that reveals ends: every answer it heard. */
    REVEAL("reveal", Set.of("PHASE", "phase", "answers")),
    /** Announced to all, once, when a member's pane ends. */
    LEFT("left", Set.of("name", "number")),
    /** Announced to the others when a member joins a running gathering (optional; gather has a default). */
    JOINED("joined", Set.of("name", "number", "role")),
    /** Sent to all when the gathering or link closes. */
    CLOSING("closing", Set.of("rhythm", "reason")),
    /** Sent to both sides when a link without a piece runs out of turns. */
    BUDGET_EXHAUSTED("budget_exhausted", Set.of("turns"));

    private final String key;
    private final Set<String> placeholders;

    PromptKind(String key, Set<String> placeholders) {
        this.key = key;
        this.placeholders = placeholders;
    }

    /** The YAML key under {@code prompts:}. */
    public String key() {
        return key;
    }

    /** The placeholders this prompt may use. */
    public Set<String> placeholders() {
        return placeholders;
    }

    /** The kind for a YAML key, or null. */
    public static PromptKind ofKey(String key) {
        for (PromptKind k : values()) {
            if (k.key.equals(key)) {
                return k;
            }
        }
        return null;
    }
}
