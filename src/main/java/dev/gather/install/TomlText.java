package dev.gather.install;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * A TOML file edited as lines but judged by its meaning: every cut is checked by parsing the result and
 * comparing it with the tree the cut should leave, so the user's bytes outside the cut stay as they were
 * and no cut can take more (or less) than the one entry it is for, wherever another program wrote around it.
 */
final class TomlText {
    private static final TomlMapper MAPPER = new TomlMapper();

    private final Path file;
    private final List<String> lines;

    private TomlText(Path file, List<String> lines) {
        this.file = file;
        this.lines = lines;
    }

    static TomlText of(Path file, String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("(?<=\n)", -1)));
        lines.removeIf(String::isEmpty);
        return new TomlText(file, lines);
    }

    String text() {
        return String.join("", lines);
    }

    /** The meaning of the text now; an {@link InstallException} naming the file and line where it is no TOML. */
    ObjectNode tree() throws InstallException {
        return parse(file, text());
    }

    static ObjectNode parse(Path file, String text) throws InstallException {
        try {
            JsonNode n = MAPPER.readTree(text);
            return n instanceof ObjectNode o ? o : MAPPER.createObjectNode();
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : ":" + at.getLineNr();
            throw new InstallException(file + where + ": is not valid TOML ("
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("")
                    + "); fix it or move it aside, then run again");
        }
    }

    /** Whether two texts mean the same; text that is no TOML means only itself. */
    static boolean sameMeaning(String a, String b) {
        try {
            return parse(Path.of("-"), a).equals(parse(Path.of("-"), b));
        } catch (InstallException e) {
            return a.equals(b);
        }
    }

    /** The first line, from {@code from}, that matches; the lines of a table header or a key's first line. */
    Optional<Integer> find(Pattern line, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (line.matcher(lines.get(i).stripTrailing()).matches()) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** The index of the first table header, where top-level keys end. */
    int firstHeader() {
        return find(Pattern.compile("\\s*\\[.*"), 0).orElse(lines.size());
    }

    /**
     * Replaces the fewest lines from {@code start} on with {@code replacement} such that the file then means
     * {@code wanted}: a key spans its value's lines, a table its keys and sub-tables, and comments or blank
     * lines after them stay. False (and nothing changed) when no cut gives that meaning.
     */
    boolean replace(int start, String replacement, UnaryOperator<ObjectNode> wanted) throws InstallException {
        ObjectNode goal = wanted.apply(tree().deepCopy());
        for (int end = start + 1; end <= lines.size(); end++) {
            List<String> cut = new ArrayList<>(lines.subList(0, start));
            if (!replacement.isEmpty()) {
                cut.add(replacement);
            }
            cut.addAll(lines.subList(end, lines.size()));
            ObjectNode meaning;
            try {
                meaning = parse(file, String.join("", cut));
            } catch (InstallException e) {
                continue; // cut inside a value: take more lines
            }
            if (withoutEmptyTables(meaning).equals(withoutEmptyTables(goal))) {
                lines.clear();
                lines.addAll(cut);
                return true;
            }
        }
        return false;
    }

    /**
     * Puts {@code text} (whole lines) after line {@code index} when the file then means {@code wanted}; false,
     * and nothing changed, when it would not.
     */
    boolean insertAfter(int index, String text, UnaryOperator<ObjectNode> wanted) throws InstallException {
        ObjectNode goal = wanted.apply(tree().deepCopy());
        List<String> with = new ArrayList<>(lines);
        with.add(index + 1, text);
        try {
            if (!parse(file, String.join("", with)).equals(goal)) {
                return false;
            }
        } catch (InstallException e) {
            return false; // the line before did not end: the text would join it
        }
        lines.clear();
        lines.addAll(with);
        return true;
    }

    /** Removes every line that is exactly {@code comment} (comments mean nothing, so nothing to check). */
    void dropLines(String comment) {
        lines.removeIf(l -> l.strip().equals(comment));
    }

    /** Removes a line {@code first} directly followed by a line {@code second}: a pair that wraps nothing. */
    void dropEmptyPairs(String first, String second) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).strip().equals(first) && lines.get(i + 1).strip().equals(second)) {
                lines.remove(i + 1);
                lines.remove(i);
                i = Math.max(-1, i - 2);
            }
        }
    }

    void prepend(String block) {
        lines.add(0, block);
    }

    void append(String block) {
        if (!lines.isEmpty() && !lines.get(lines.size() - 1).endsWith("\n")) {
            lines.add("\n");
        }
        lines.add(block);
    }

    /** A table left empty by a cut ({@code [mcp_servers]} once its only server went) means nothing either. */
    private static JsonNode withoutEmptyTables(JsonNode n) {
        if (!n.isObject()) {
            return n;
        }
        ObjectNode out = MAPPER.createObjectNode();
        for (var e : n.properties()) {
            JsonNode v = withoutEmptyTables(e.getValue());
            if (!(v.isObject() && v.isEmpty())) {
                out.set(e.getKey(), v);
            }
        }
        return out;
    }

    /** A TOML basic string: quotes, backslashes and control characters escaped. */
    static String string(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\u%04X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** A TOML array of basic strings, on one line. */
    static String strings(List<String> items) {
        return "[" + String.join(", ", items.stream().map(TomlText::string).toList()) + "]";
    }

    /** The strings of {@code n} when it is an array of strings only. */
    static Optional<List<String>> stringsOf(JsonNode n) {
        if (!(n instanceof ArrayNode a)) {
            return Optional.empty();
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : a) {
            if (!item.isTextual()) {
                return Optional.empty();
            }
            out.add(item.asText());
        }
        return Optional.of(out);
    }
}
