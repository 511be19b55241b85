package dev.gather.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a journal back, tolerating a torn last line (a daemon killed mid-write). */
public final class Transcript {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Transcript() {}

    /** Every complete entry of the journal file, in order. */
    public static List<JsonNode> read(Path file) {
        List<JsonNode> entries = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    entries.add(JSON.readTree(line));
                } catch (IOException torn) {
                    // only the last line can be torn; everything before it is intact
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read journal " + file, e);
        }
        return entries;
    }

    /** One entry as a person reads it. */
    public static String readable(JsonNode e) {
        String kind = e.path("kind").asText();
        String time = e.path("time").asText();
        String clock = time.length() >= 19 ? time.substring(11, 19) : time;
        String text = e.path("text").asText("");
        return switch (kind) {
            case "relay", "oneshot", "say" -> clock + "  " + e.path("from").asText() + " -> " + recipients(e.path("to"))
                    + "\n" + indent(text);
            case "out_of_turn" -> clock + "  (not relayed, without the piece) "
                    + e.path("from").asText() + "\n" + indent(text);
            case "private" -> clock + "  (private to " + e.path("to").asText() + ", "
                    + e.path("prompt").asText() + ")\n" + indent(text);
            case "announce" -> clock + "  " + text;
            case "interrupted" -> clock + "  [interrupted] " + text;
            case "harvest" -> clock + "  [harvest by " + e.path("from").asText() + "]\n" + indent(text);
            default -> clock + "  [" + kind + "] " + text;
        };
    }

    private static String recipients(JsonNode to) {
        if (to.isTextual()) {
            return to.asText();
        }
        List<String> names = new ArrayList<>();
        to.forEach(n -> names.add(n.asText()));
        return names.isEmpty() ? "(nobody)" : String.join(", ", names);
    }

    private static String indent(String text) {
        return "    " + text.replace("\n", "\n    ");
    }
}
