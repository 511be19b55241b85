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
        String time = e.path("time").asText();
        String clock = time.length() >= 19 ? time.substring(11, 19) : time;
        // a line no record reads (an older or newer kind) still shows its kind and words
        String fallback = "[" + e.path("kind").asText() + "] " + e.path("text").asText("");
        return clock + "  " + Entries.decode(e).map(Transcript::readable).orElse(fallback);
    }

    private static String readable(Entry e) {
        if (e instanceof Message.Relay r) {
            return r.from() + " -> " + (r.to().isEmpty() ? "(nobody)" : String.join(", ", r.to())) + "\n"
                    + indent(r.text());
        } else if (e instanceof Message.Oneshot o) {
            return o.from() + " -> " + o.to() + "\n" + indent(o.text());
        } else if (e instanceof Kept.Late l) {
            return "(late, not relayed: the piece had moved on) " + l.from() + "\n" + indent(l.text());
        } else if (e instanceof Kept.OutOfTurn o) {
            return "(not relayed, without the piece) " + o.from() + "\n" + indent(o.text());
        } else if (e instanceof Message.Private p) {
            return "(private to " + p.to() + ", " + p.prompt().word() + ")\n" + indent(p.text());
        } else if (e instanceof Message.Announce a) {
            return a.text();
        } else if (e instanceof Kept.Harvest h) {
            return "[harvest by " + h.from() + "]\n" + indent(h.text());
        }
        return "[" + e.kind() + "] " + Entries.encode(e).path("text").asText("");
    }

    private static String indent(String text) {
        return "    " + text.replace("\n", "\n    ");
    }
}
