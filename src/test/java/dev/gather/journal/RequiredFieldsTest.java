package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The codec holds every entry to the fields the schema requires of its kind: what the records used
 * to check one by one, each naming its fields again, one rule now checks for all ({@link Required}).
 */
class RequiredFieldsTest {
    private static final Path LANDED = Path.of("src/test/resources/journal/landed.jsonl");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void anEntryWithoutAFieldItNeedsIsRefusedAndNothingIsWritten() throws Exception {
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC);
        try (Journals journals = new Journals(dir, clock)) {
            Journal j = journals.of("g-1");
            Entry noSpeaker = new Message.Relay("g-1", null, false, 1, null, List.of("Bo"), List.of(), "hello");
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> j.append(noSpeaker));
            assertEquals("a journal entry of kind relay needs its from", refused.getMessage());
            assertThrows(IllegalArgumentException.class, () -> j.append(new Audit.Refused("codex", null, "no pane")));
            assertEquals(1, j.append(new Kept.OutOfTurn("g-1", "Ada", "hello")), "the journal goes on");
        }
        assertEquals(1, Files.readAllLines(dir.resolve("g-1.jsonl")).size());
    }

    /**
     * Each line of a journal of the landed release, without each text field its kind's definition
     * requires (or with it null), is not read; as it is, it is. A field the rule missed, or one it
     * wrongly asks for, fails here.
     */
    @Test
    void aLineWithoutATextFieldTheSchemaRequiresIsNotRead() throws Exception {
        JsonNode defs = JournalSchema.tree().path("$defs");
        List<String> wrong = new ArrayList<>();
        int tried = 0;
        for (String text : Files.readAllLines(LANDED)) {
            ObjectNode line = (ObjectNode) JSON.readTree(text);
            if (Entries.decode(line).isEmpty()) {
                wrong.add("not read as it is: " + text);
            }
            JsonNode def = defs.path(line.path("kind").asText());
            for (JsonNode r : def.path("required")) {
                String field = r.asText();
                JsonNode type = def.path("properties").path(field).path("type");
                if (field.equals("kind")
                        || field.equals("time")
                        || !line.path(field).isTextual()
                        || type.isArray()) {
                    continue; // the kind and time are the codec's; a list, map or number reads as empty or 0
                }
                tried++;
                ObjectNode without = line.deepCopy();
                without.remove(field);
                ObjectNode nulled = line.deepCopy();
                nulled.putNull(field);
                if (Entries.decode(without).isPresent()
                        || Entries.decode(nulled).isPresent()) {
                    wrong.add("read without its " + field + ": " + text);
                }
            }
        }
        assertTrue(tried > 100, "the landed journal has text fields to take away (" + tried + ")");
        assertEquals(List.of(), wrong);
    }
}
