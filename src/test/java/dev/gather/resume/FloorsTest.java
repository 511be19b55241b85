package dev.gather.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.journal.Transcript;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A restarted daemon knows which message last gave each member the floor, by its journal entry. */
class FloorsTest extends InReplayWorld {
    @Test
    void theLastPieceOrHarvestPromptToEachMemberIsItsFloor() {
        w.say("Ada", "Ada's thought. I pass the piece.");
        List<JsonNode> journal = w.journal();
        Map<String, Long> floors = Floors.of(Transcript.lines(journal));
        // standard hears in a digest: the piece reaches an agent as a private turn prompt
        assertEquals(entry(journal, "Ada"), floors.get("Ada"));
        assertEquals(entry(journal, "Bo"), floors.get("Bo"));
        assertEquals(2, floors.size(), floors::toString);
    }

    /** The number of the last private turn prompt to {@code name}. */
    private static Long entry(List<JsonNode> journal, String name) {
        long found = -1;
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (e.path("kind").asText().equals("private")
                    && e.path("prompt").asText().equals("turn")
                    && e.path("to").asText().equals(name)) {
                found = i + 1L;
            }
        }
        return found;
    }
}
