package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A tool call's arguments, checked one by one; every complaint names the tool, the argument and what
 * a valid value looks like, so the agent can fix its next call.
 */
final class Args {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String tool;
    private final ObjectNode values;

    Args(String tool, Map<String, Object> arguments) {
        this.tool = tool;
        this.values = arguments == null ? JSON.createObjectNode() : JSON.valueToTree(arguments);
    }

    /** Fails on any argument outside {@code known}: a misspelled name would otherwise be ignored silently. */
    Args only(Set<String> known) {
        for (String name : (Iterable<String>) () -> values.fieldNames()) {
            if (!known.contains(name)) {
                throw new BadArgument(
                        tool + ": unknown argument '" + name + "'; known: " + String.join(", ", sorted(known)));
            }
        }
        return this;
    }

    String text(String name, String hint) {
        return optionalText(name, hint)
                .orElseThrow(() -> new BadArgument(tool + ": '" + name + "' is required: " + hint));
    }

    Optional<String> optionalText(String name, String hint) {
        JsonNode v = values.get(name);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw new BadArgument(tool + ": '" + name + "' must be a string (" + hint + "), not " + kind(v));
        }
        if (v.asText().isBlank()) {
            throw new BadArgument(tool + ": '" + name + "' is empty: " + hint);
        }
        return Optional.of(v.asText());
    }

    /** Whether the caller gave {@code name} at all (a flag's default may differ from false). */
    boolean has(String name) {
        JsonNode v = values.get(name);
        return v != null && !v.isNull();
    }

    boolean flag(String name) {
        JsonNode v = values.get(name);
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new BadArgument(tool + ": '" + name + "' must be true or false, not " + kind(v));
        }
        return v.asBoolean();
    }

    Optional<Integer> optionalInt(String name, int min, int max) {
        JsonNode v = values.get(name);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.canConvertToExactIntegral() || !v.isNumber()) {
            throw new BadArgument(
                    tool + ": '" + name + "' must be a whole number from " + min + " to " + max + ", not " + kind(v));
        }
        long n = v.asLong();
        if (n < min || n > max) {
            throw new BadArgument(tool + ": '" + name + "' must be from " + min + " to " + max + " (was " + n + ")");
        }
        return Optional.of((int) n);
    }

    /** The raw value of {@code name}, or empty; for nested arguments checked by their own reader. */
    Optional<JsonNode> raw(String name) {
        return Optional.ofNullable(values.get(name)).filter(v -> !v.isNull());
    }

    String tool() {
        return tool;
    }

    static String kind(JsonNode v) {
        return switch (v.getNodeType()) {
            case STRING -> "a string";
            case NUMBER -> "a number (" + v.asText() + ")";
            case BOOLEAN -> v.asText();
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            default -> "null";
        };
    }

    private static List<String> sorted(Set<String> names) {
        return names.stream().sorted().toList();
    }
}
