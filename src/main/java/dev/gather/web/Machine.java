package dev.gather.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringDiagram;

/**
 * The gathering state machine as the page draws it: the transition table of docs/gathering-machine.md
 * (generated from the same source), row by row.
 */
final class Machine {
    private static final String[] COLUMNS = {"transition", "from", "on", "guard", "to", "action"};

    private Machine() {}

    static ObjectNode table() {
        ObjectNode out = Http.JSON.createObjectNode();
        ArrayNode rows = out.putArray("rows");
        for (String line : GatheringDiagram.markdown().lines().toList()) {
            String[] cells = line.split("\\|", -1);
            // a data row: | name | FROM | ... | — not the header, not the --- separator
            if (cells.length != COLUMNS.length + 2 || line.startsWith("|---") || line.startsWith("| transition")) {
                continue;
            }
            ObjectNode row = rows.addObject();
            for (int i = 0; i < COLUMNS.length; i++) {
                row.put(COLUMNS[i], cells[i + 1].strip());
            }
        }
        return out;
    }
}
