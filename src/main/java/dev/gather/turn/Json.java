package dev.gather.turn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The one JSON reader the hook parsers share; every failure becomes a one-line rejection. */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {}

    static JsonNode object(String payload, String what) throws HookRejected {
        if (payload.isBlank()) {
            throw new HookRejected(what + " payload is empty");
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(payload);
        } catch (JsonProcessingException e) {
            throw new HookRejected(
                    what + " payload is not valid JSON (truncated?) at line "
                            + e.getLocation().getLineNr() + " column "
                            + e.getLocation().getColumnNr(),
                    e);
        }
        if (node == null || !node.isObject()) {
            throw new HookRejected(what + " payload is not a JSON object");
        }
        return node;
    }

    /** A text field that may be absent or null (empty then), but must not be another type. */
    static String optionalText(JsonNode node, String field, String what) throws HookRejected {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isTextual()) {
            throw new HookRejected(what + " field '" + field + "' is not a string");
        }
        return value.asText();
    }

    /**
     * The {@code what} payload as an object whose {@code field} names the one event that ends a turn,
     * {@code turnEnd}; any other event is rejected, naming it as the harness's {@code event}.
     */
    static JsonNode turnEnd(String payload, String what, String field, String turnEnd, String event)
            throws HookRejected {
        JsonNode node = object(payload, what);
        String name = optionalText(node, field, what);
        if (!turnEnd.equals(name)) {
            throw new HookRejected(event + " is '" + name + "', only " + turnEnd + " is a turn end");
        }
        return node;
    }
}
