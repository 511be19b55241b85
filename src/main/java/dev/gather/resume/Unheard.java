package dev.gather.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.link.Attribution;
import dev.gather.link.Member;
import dev.gather.link.Role;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What each member of a gathering that hears in a digest was not yet told when its daemon stopped:
 * every message kept for it (the entry's {@code held}) since the last prompt typed to it, each as it
 * would have been typed. A restarted daemon gives it with the member's next prompt, as the last would have.
 */
final class Unheard {
    private Unheard() {}

    static Map<String, List<String>> of(List<JsonNode> entries) {
        Map<String, List<String>> unheard = new HashMap<>();
        for (JsonNode e : entries) {
            if (e.path("kind").asText().equals("private")) {
                // every prompt to an agent carries what it was kept
                unheard.remove(e.path("to").asText());
            }
            if (!e.has("held")) {
                continue;
            }
            String typed = typed(e);
            e.path("held").forEach(n -> unheard.computeIfAbsent(n.asText(), k -> new ArrayList<>())
                    .add(typed));
        }
        return unheard;
    }

    /** Relayed words carry their attribution; an announcement is its text. */
    private static String typed(JsonNode e) {
        String text = e.path("text").asText();
        if (!e.has("from")) {
            return text;
        }
        Member from =
                new Member(e.path("from").asText(), e.path("from_number").asInt(), Role.SPEAKER, Optional.empty());
        return Attribution.of(from, text);
    }
}
