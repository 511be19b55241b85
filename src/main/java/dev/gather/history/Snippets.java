package dev.gather.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The few words of a matched file worth quoting: the line with the most keywords, its spoken text
 * (the {@code text}/{@code content}/{@code message} strings of a JSON line), a window around the
 * first keyword, control characters removed (quoted talk is data, never terminal input).
 */
final class Snippets {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TEXT_FIELDS = Set.of("text", "content", "message", "display", "output");

    private Snippets() {}

    static String of(Path file, List<String> keywords, int bytes, int width) {
        byte[] buffer = new byte[bytes];
        int length;
        try {
            length = PulseSearch.readHead(file, buffer);
        } catch (IOException e) {
            return "";
        }
        String best = "";
        int bestScore = 0;
        for (String line : new String(buffer, 0, length, StandardCharsets.UTF_8).split("\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            int score = (int) keywords.stream().filter(lower::contains).count();
            if (score > bestScore) {
                best = line;
                bestScore = score;
            }
        }
        return window(spoken(best), keywords, width);
    }

    /** The human words of a JSONL line; the line itself when it is not JSON. */
    static String spoken(String line) {
        try {
            JsonNode node = JSON.readTree(line);
            StringBuilder out = new StringBuilder();
            collect(node, null, out);
            return out.length() > 0 ? out.toString() : line;
        } catch (IOException | RuntimeException e) {
            return line;
        }
    }

    private static void collect(JsonNode node, String field, StringBuilder out) {
        if (node == null) {
            return;
        }
        if (node.isTextual() && field != null && TEXT_FIELDS.contains(field)) {
            out.append(node.asText()).append(' ');
        } else if (node.isObject()) {
            node.properties().forEach(e -> collect(e.getValue(), e.getKey(), out));
        } else if (node.isArray()) {
            node.forEach(n -> collect(n, field, out));
        }
    }

    /** About {@code width} characters of {@code text} around its first keyword, on one line. */
    static String window(String text, List<String> keywords, int width) {
        String flat = text.replaceAll("[\\p{Cntrl}\\p{Zl}\\p{Zp}]+", " ")
                .replaceAll("\\s+", " ")
                .strip();
        String lower = flat.toLowerCase(Locale.ROOT);
        int at = keywords.stream()
                .mapToInt(lower::indexOf)
                .filter(i -> i >= 0)
                .min()
                .orElse(0);
        int from = Math.max(0, Math.min(at - width / 3, flat.length() - width));
        int to = Math.min(flat.length(), from + width);
        String cut = flat.substring(from, to).strip();
        return (from > 0 ? "…" : "") + cut + (to < flat.length() ? "…" : "");
    }
}
