package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** `gather watch` shows a private prompt to its recipient only, as its help says. */
class LiveTest {
    private static final JsonNode BEAT;

    static {
        try {
            BEAT = new ObjectMapper()
                    .readTree(
                            "{\"kind\":\"private\",\"to\":\"Ada\",\"prompt\":\"beat\",\"text\":\"Ada, one beat left\"}");
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Test
    void watchWithoutAsShowsNoPrivatePrompt() {
        String as = null;
        assertEquals(Optional.empty(), Live.line(BEAT, to -> to.equals(as)));
        assertEquals(Optional.empty(), Live.line(BEAT, to -> to.equals("Bo")));
    }

    @Test
    void theRecipientSeesTheirs() {
        Optional<String> line = Live.line(BEAT, to -> to.equals("Ada"));
        assertTrue(line.orElseThrow().contains("Ada, one beat left"), line.toString());
    }
}
