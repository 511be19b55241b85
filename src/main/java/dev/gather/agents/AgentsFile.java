package dev.gather.agents;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

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

    private AgentsFile() {}

    static Map<String, List<String>> read(Path file) {
        Object root;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(file + ": not valid YAML: " + oneLine(e.getMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (root == null) {
            return Map.of();
        }
        if (!(root instanceof Map<?, ?> top) || !(top.get("agents") instanceof Map<?, ?> agents)) {
            throw new IllegalArgumentException(file + ": expected a mapping 'agents:' of kind → command line");
        }
        Map<String, List<String>> kinds = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : agents.entrySet()) {
            String kind = String.valueOf(e.getKey());
            if (!KIND.matcher(kind).matches()) {
                throw new IllegalArgumentException(file + ": agent kind '" + kind
                        + "' must be lowercase letters, digits, '-' or '_' (at most 32)");
            }
            kinds.put(kind, words(file, kind, e.getValue()));
        }
        return kinds;
    }

    private static List<String> words(Path file, String kind, Object value) {
        List<String> words;
        if (value instanceof String s) {
            try {
                words = Words.split(s);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": agents." + kind + ": " + e.getMessage());
            }
        } else if (value instanceof List<?> list && list.stream().allMatch(w -> w instanceof String)) {
            words = list.stream().map(String.class::cast).toList();
        } else {
            throw new IllegalArgumentException(
                    file + ": agents." + kind + " must be a command line (text) or a list of words");
        }
        if (words.isEmpty() || words.get(0).isBlank()) {
            throw new IllegalArgumentException(file + ": agents." + kind + " is an empty command");
        }
        return words;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s+", " ").strip();
    }
}
