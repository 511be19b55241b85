package dev.gather.agents;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.ConfigFile;
import dev.gather.rhythm.CheckedYaml;
import dev.gather.rhythm.RhythmException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

/**
 * Reads agents.yaml: {@code agents:} maps a kind to a command line (text) or to its words (a list).
 *
 * <pre>
 * agents:
 *   claude: claude --model opus
 *   codex: [codex, --full-auto]
 * </pre>
 */
final class AgentsFile {
    private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_-]{0,31}");

    private static final long MAX_BYTES = 256 * 1024;

    private AgentsFile() {}

    static Map<String, List<String>> read(Path file) {
        String text;
        try {
            text = ConfigFile.text(file, MAX_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (text.lines().allMatch(l -> l.isBlank() || l.stripLeading().startsWith("#"))) {
            return Map.of();
        }
        JsonNode root;
        try {
            // one YAML reader for every file gather reads: the same limits, no self-referencing aliases
            root = CheckedYaml.tree(file.toString(), text);
        } catch (RhythmException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        JsonNode agents = root.path("agents");
        if (!agents.isObject()) {
            throw new IllegalArgumentException(file + ": expected a mapping 'agents:' of kind → command line");
        }
        Map<String, List<String>> kinds = new LinkedHashMap<>();
        for (var e : agents.properties()) {
            String kind = e.getKey();
            if (!KIND.matcher(kind).matches()) {
                throw new IllegalArgumentException(file + ": agent kind '" + kind
                        + "' must be lowercase letters, digits, '-' or '_' (at most 32)");
            }
            kinds.put(kind, words(file, kind, e.getValue()));
        }
        return kinds;
    }

    private static List<String> words(Path file, String kind, JsonNode value) {
        List<String> words;
        if (value.isTextual()) {
            try {
                words = Words.split(value.asText());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": agents." + kind + ": " + e.getMessage());
            }
        } else if (value.isArray()
                && StreamSupport.stream(value.spliterator(), false).allMatch(JsonNode::isTextual)) {
            words = StreamSupport.stream(value.spliterator(), false)
                    .map(JsonNode::asText)
                    .toList();
        } else {
            throw new IllegalArgumentException(
                    file + ": agents." + kind + " must be a command line (text) or a list of words");
        }
        if (words.isEmpty() || words.get(0).isBlank()) {
            throw new IllegalArgumentException(file + ": agents." + kind + " is an empty command");
        }
        return words;
    }
}
