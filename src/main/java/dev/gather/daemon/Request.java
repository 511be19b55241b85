package dev.gather.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/** One request line: the op, the caller's claimed pane (verified before use) and the arguments. */
public record Request(String op, JsonNode id, Optional<String> callerPane, ObjectNode args) {
    public Request {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(callerPane, "callerPane");
        Objects.requireNonNull(args, "args");
    }

    /** A required text argument. */
    public String text(String name) {
        JsonNode v = args.get(name);
        if (v == null || v.isNull() || !v.isTextual() || v.asText().isBlank()) {
            throw new UserError(op + ": '" + name + "' is required (text)");
        }
        return v.asText();
    }

    /** An optional text argument. */
    public Optional<String> optionalText(String name) {
        JsonNode v = args.get(name);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw new UserError(op + ": '" + name + "' must be text");
        }
        return Optional.of(v.asText()).filter(s -> !s.isBlank());
    }

    /** An optional boolean argument, false when absent. */
    public boolean flag(String name) {
        JsonNode v = args.get(name);
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new UserError(op + ": '" + name + "' must be true or false");
        }
        return v.asBoolean();
    }
}
