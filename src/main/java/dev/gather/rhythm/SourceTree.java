package dev.gather.rhythm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A rhythm file as a JSON tree, with where each value stands in the file: JSON pointer ({@code
 * /beats/per_turn}) to 1-based line and column; {@code pointer + "#key"} marks the key itself.
 */
record SourceTree(String file, JsonNode root, Map<String, int[]> positions) {
    /** An error at {@code pointer} (or its nearest ancestor with a known position). */
    RhythmError error(String pointer, String rule, String message) {
        String p = pointer;
        while (true) {
            int[] pos = positions.get(p);
            if (pos != null) {
                return new RhythmError(file, pos[0], pos[1], rule, message);
            }
            if (p.isEmpty()) {
                return new RhythmError(file, 1, 1, rule, message);
            }
            p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
        }
    }

    /** An error at the key of {@code pointer} rather than its value. */
    RhythmError keyError(String pointer, String rule, String message) {
        int[] pos = positions.get(pointer + "#key");
        return pos != null ? new RhythmError(file, pos[0], pos[1], rule, message) : error(pointer, rule, message);
    }

    /** {@code /beats/per_turn} as a reader writes it: {@code beats.per_turn}; {@code /breath/0} as {@code breath[0]}. */
    static String dotted(String pointer) {
        if (pointer.isEmpty()) {
            return "(document)";
        }
        StringBuilder s = new StringBuilder();
        for (String part : pointer.substring(1).split("/", -1)) {
            String p = part.replace("~1", "/").replace("~0", "~");
            if (p.matches("[0-9]+")) {
                s.append('[').append(p).append(']');
            } else {
                if (s.length() > 0) {
                    s.append('.');
                }
                s.append(p);
            }
        }
        return s.toString();
    }
}
