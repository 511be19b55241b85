package dev.gather.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/**
 * One request line: the op, the pane it acts for (from the sending process, see {@link Callers}),
 * the arguments, when a process outside every pane acts for that pane, who ({@code onBehalf}), and
 * for a process outside every pane that acts for none, its controlling terminal ({@code terminal}).
 * Arguments are read strictly: a value of the wrong type, an explicit null or an empty text is an
 * error naming the field, never taken as "absent" (which would pick a default the caller did not
 * ask for, such as the one running gathering).
 */
public record Request(
        String op,
        JsonNode id,
        Optional<String> callerPane,
        ObjectNode args,
        Optional<String> onBehalf,
        Optional<Long> terminal) {
    public Request {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(callerPane, "callerPane");
        Objects.requireNonNull(args, "args");
        Objects.requireNonNull(onBehalf, "onBehalf");
        Objects.requireNonNull(terminal, "terminal");
    }

    /** A request acting for {@code callerPane}, with who acts for it from outside ({@code onBehalf}). */
    public Request(String op, JsonNode id, Optional<String> callerPane, ObjectNode args, Optional<String> onBehalf) {
        this(op, id, callerPane, args, onBehalf, Optional.empty());
    }

    /**
     * This request from a process outside every pane whose controlling terminal is {@code tty}: a
     * person at a terminal, who may end what they started from that same terminal ({@link Acting}).
     */
    public Request atTerminal(long tty) {
        return new Request(op, id, callerPane, args, onBehalf, Optional.of(tty));
    }

    /** A request acting for {@code callerPane} as itself. */
    public Request(String op, JsonNode id, Optional<String> callerPane, ObjectNode args) {
        this(op, id, callerPane, args, Optional.empty());
    }

    /** A required text argument. */
    public String text(String name) {
        return optionalText(name).orElseThrow(() -> new UserError(op + ": '" + name + "' is required (text)"));
    }

    /** An optional text argument: absent is empty; present, it must be non-blank text. */
    public Optional<String> optionalText(String name) {
        JsonNode v = args.get(name);
        if (v == null) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw new UserError(op + ": '" + name + "' must be text, not " + kind(v) + omit());
        }
        if (v.asText().isBlank()) {
            throw new UserError(op + ": '" + name + "' is empty" + omit());
        }
        return Optional.of(v.asText());
    }

    /** An optional boolean argument, false when absent. */
    public boolean flag(String name) {
        JsonNode v = args.get(name);
        if (v == null) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new UserError(op + ": '" + name + "' must be true or false, not " + kind(v));
        }
        return v.asBoolean();
    }

    /** An optional whole number from {@code min} to {@code max}. */
    public Optional<Integer> optionalInt(String name, int min, int max) {
        JsonNode v = args.get(name);
        if (v == null) {
            return Optional.empty();
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new UserError(op + ": '" + name + "' must be a whole number, not " + kind(v));
        }
        if (v.asInt() < min || v.asInt() > max) {
            throw new UserError(
                    op + ": '" + name + "' must be from " + min + " to " + max + " (was " + v.asInt() + ")");
        }
        return Optional.of(v.asInt());
    }

    /** How a JSON value is named in an error: its type, and the value when it is short. */
    public static String kind(JsonNode v) {
        return switch (v.getNodeType()) {
            case STRING -> "text";
            case NUMBER -> "a number (" + v.asText() + ")";
            case BOOLEAN -> v.asText();
            case ARRAY -> "a list";
            case OBJECT, POJO -> "an object";
            default -> "null";
        };
    }

    private static String omit() {
        return " (leave it out for the default)";
    }
}
