package dev.gather.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
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
     * Every entry of the journal file a record reads, in order, numbered as {@link #read} counts (a
     * line of a kind no record reads is skipped but counted).
     */
    public static List<Line> lines(Path file) {
        return lines(read(file));
    }

    /** The entries of {@code all}, a whole journal's lines, that a record reads, numbered by their place in it. */
    public static List<Line> lines(List<JsonNode> all) {
        List<Line> out = new ArrayList<>();
        Instant before = Instant.EPOCH;
        for (int i = 0; i < all.size(); i++) {
            JsonNode e = all.get(i);
            Instant time = Entries.time(e, before);
            before = time;
            long n = i + 1;
            Entries.decode(e).ifPresent(entry -> out.add(new Line(n, time, entry)));
        }
        return out;
    }

    /**
     * A whole journal as a person reads it: delivery steps are folded into the message they belong
     * to, and a message not confirmed for every recipient says who is missing and why.
     */
    public static List<String> readable(List<JsonNode> entries) {
        Map<String, JsonNode> last = lastSteps(entries);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            if (e.path("kind").asText().equals("delivery")) {
                continue;
            }
            StringBuilder s = new StringBuilder(readable(e));
            List<String> missing = new ArrayList<>();
            long ref = ref(e, i);
            for (var to : e.path("panes").properties()) {
                JsonNode step = last.get(stepKey(ref, to.getKey()));
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

    /**
     * The number delivery steps use for the message in {@code e}, the journal's {@code index}-th
     * entry (from 0): its own position, or for a letter from another computer's link that link's.
     */
    public static long ref(JsonNode e, int index) {
        return e.path("kind").asText().equals("remote") ? e.path("ref").asLong() : index + 1;
    }

    /** The last delivery step of each message and recipient, by {@link #stepKey}. */
    public static Map<String, JsonNode> lastSteps(List<JsonNode> entries) {
        Map<String, JsonNode> last = new HashMap<>();
        for (JsonNode e : entries) {
            if (e.path("kind").asText().equals("delivery")) {
                last.put(stepKey(e.path("ref").asLong(), e.path("to").asText()), e);
            }
        }
        return last;
    }

    /** Where {@link #lastSteps} keeps message {@code ref}'s step for recipient {@code to}. */
    public static String stepKey(long ref, String to) {
        return ref + "/" + to;
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
            case "late" -> clock + "  (late, not relayed: the piece had moved on) "
                    + e.path("from").asText() + "\n" + indent(text);
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
