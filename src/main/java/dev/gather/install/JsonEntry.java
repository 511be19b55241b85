package dev.gather.install;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An entry install puts into a JSON settings file: the object member {@code path.key} (an MCP server), or,
 * without a key, one element of the array at {@code path} (a hook group). Only an element or member equal
 * to {@code value} is gather's; a gather-looking one that differs (hand-edited, another checkout's) is the
 * user's and never replaced or removed.
 */
record JsonEntry(List<String> path, Optional<String> key, JsonNode value) {
    /** A hook command that runs some gather's hook ({@code …/gather hook claude}, {@code gather.jar hook …}). */
    private static final Pattern GATHER_HOOK = Pattern.compile("(^|[/\\s])gather(\\.jar)?\\s+hook(\\s|$)");

    JsonEntry {
        path = List.copyOf(path);
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    static JsonEntry member(String key, JsonNode value, String... path) {
        return new JsonEntry(List.of(path), Optional.of(key), value);
    }

    static JsonEntry element(JsonNode value, String... path) {
        return new JsonEntry(List.of(path), Optional.empty(), value);
    }

    /** Where it lives, for messages and the audit log: {@code mcpServers.gather}, {@code hooks.Stop[]}. */
    String at() {
        return String.join(".", path) + key.map(k -> "." + k).orElse("[]");
    }

    Entry entry() {
        return new Entry(at(), value);
    }

    /** Whether {@code node}, found where this entry goes, looks like gather's without being exactly it. */
    boolean looksLikeGather(JsonNode node) {
        if (node.equals(value)) {
            return false;
        }
        if (key.isPresent()) {
            return true; // the member is named like gather's: whatever it holds, it is someone's gather
        }
        for (JsonNode hook : node.path("hooks")) {
            if (GATHER_HOOK.matcher(hook.path("command").asText("")).find()) {
                return true;
            }
        }
        return false;
    }
}
