package dev.gather.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.gathering.GatheringDiagram;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** The page's state machine table holds every row of docs/gathering-machine.md's, cell for cell. */
class MachineTableTest {
    @Test
    void everyTransitionOfTheGeneratedTableIsARowOfThePage() {
        List<String> markdownRows = GatheringDiagram.markdown()
                .lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| transition"))
                .toList();
        List<JsonNode> rows = StreamSupport.stream(Machine.table().path("rows").spliterator(), false)
                .toList();
        assertEquals(markdownRows.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode r = rows.get(i);
            String rebuilt = "| "
                    + String.join(
                            " | ",
                            r.path("transition").asText(),
                            r.path("from").asText(),
                            r.path("on").asText(),
                            r.path("guard").asText(),
                            r.path("to").asText(),
                            r.path("action").asText())
                    + " |";
            assertEquals(markdownRows.get(i).replace("|  |", "| |"), rebuilt.replace("|  |", "| |"));
        }
        assertTrue(rows.stream().anyMatch(r -> r.path("to").asText().equals("CLOSED")));
    }
}
