package dev.gather.resume;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per member, the journal entry of the last message that gave it the floor when the daemon stopped:
 * the piece announced to it (live hearing), handed to it privately (digest), or the harvest prompt.
 * A resumed gathering then still tells a holder's answer to its turn from an answer to something older.
 */
final class Floors {
    private Floors() {}

    /** {@code entries} in journal order: entry {@code i} is number {@code i + 1}. */
    static Map<String, Long> of(List<JsonNode> entries) {
        Map<String, Long> floors = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            String kind = e.path("kind").asText();
            String prompt = e.path("prompt").asText();
            if (kind.equals("announce")
                    && prompt.equals("turn")
                    && e.has("member")
                    && !held(e, e.path("member").asText())) {
                floors.put(e.path("member").asText(), i + 1L);
            } else if (kind.equals("private") && (prompt.equals("turn") || prompt.equals("harvest"))) {
                floors.put(e.path("to").asText(), i + 1L);
            }
        }
        return floors;
    }

    private static boolean held(JsonNode e, String name) {
        for (JsonNode h : e.path("held")) {
            if (h.asText().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
