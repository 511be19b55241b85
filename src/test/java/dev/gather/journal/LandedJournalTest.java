package dev.gather.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A journal written by the landed release, one line of every kind in each shape it writes (taken
 * from its own tests' journals, and for the few shapes they do not reach, from its writers): every
 * line is one the schema accepts, reads into its record, and that record writes the line again,
 * byte for byte, so a journal written before the records still loads and reads the same.
 */
class LandedJournalTest {
    private static final Path LANDED = Path.of("src/test/resources/journal/landed.jsonl");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyKindIsThere() {
        Set<String> kinds = new TreeSet<>();
        Transcript.lines(LANDED).forEach(l -> kinds.add(l.entry().kind()));
        assertEquals(new TreeSet<>(Entries.kinds().values()), kinds);
    }

    @Test
    void everyLineIsValid() throws Exception {
        assertEquals(List.of(), JournalSchema.problems(LANDED));
    }

    @Test
    void everyLineReadsIntoItsRecordAndIsWrittenAgainAsItWas() throws Exception {
        List<String> lines = Files.readAllLines(LANDED);
        List<Line> read = Transcript.lines(LANDED);
        assertEquals(lines.size(), read.size(), "every line reads into a record");
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            JsonNode original = JSON.readTree(lines.get(i));
            ObjectNode again =
                    JSON.createObjectNode().put("time", original.path("time").asText());
            again.setAll(Entries.encode(read.get(i).entry()));
            String written = JSON.writeValueAsString(again);
            if (!written.equals(lines.get(i))) {
                differ.add("line " + (i + 1) + ":\n  was " + lines.get(i) + "\n  now " + written);
            }
            assertEquals(i + 1, read.get(i).n());
        }
        assertTrue(differ.isEmpty(), String.join("\n", differ));
    }
}
