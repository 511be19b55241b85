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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    /**
     * A whole journal as a person reads it: delivery steps are folded into the message they belong
     * to, and a message not confirmed for every recipient says who is missing and why.
     */
    public static List<String> readable(List<JsonNode> entries) {
        Map<String, JsonNode> last = new HashMap<>();
        for (JsonNode e : entries) {
            if (e.path("kind").asText().equals("delivery")) {
                last.put(e.path("ref").asLong() + "/" + e.path("to").asText(), e);
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            if (e.path("kind").asText().equals("delivery")) {
                continue;
            }
            StringBuilder s = new StringBuilder(readable(e));
            List<String> missing = new ArrayList<>();
            long ref = e.path("kind").asText().equals("remote") ? e.path("ref").asLong() : i + 1;
            for (var to : e.path("panes").properties()) {
                JsonNode step = last.get(ref + "/" + to.getKey());
                String state = step == null ? "queued" : step.path("state").asText();
                if (!state.equals("confirmed")) {
                    String why = step == null ? "" : step.path("text").asText("");
                    missing.add(to.getKey() + " (" + state + (why.isEmpty() ? "" : ": " + why) + ")");
                }
            }
            if (!missing.isEmpty()) {
                s.append("\n    ! not confirmed: ").append(String.join(", ", missing));
            }
            out.add(s.toString());
        }
        return out;
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
