package dev.gather.mcp;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks one client line before the SDK sees it: the SDK's stdio transport stops reading for good
 * at the first line it cannot turn into a message, so every such line is answered here with a
 * JSON-RPC error in plain words (no parser text) and never reaches it.
 */
final class RpcCheck {
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;
    /** The code LSP uses for a request before the handshake; JSON-RPC leaves -32000..-32099 to servers. */
    static final int NOT_INITIALIZED = -32002;

    static final int MAX_DEPTH = 64;
    static final int MAX_NUMBER_DIGITS = 64;

    private static final ObjectMapper READ = new ObjectMapper(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .maxNumberLength(MAX_NUMBER_DIGITS)
                            .build())
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    // ASCII only: the SDK reads the line back as UTF-8 and also ends a line at a bare \r
    private static final ObjectMapper WRITE = new ObjectMapper(
            JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build());

    /** The SDK's record for each method's params: params it cannot convert would fail deep inside it. */
    private static final Map<String, Class<?>> PARAMS = Map.of(
            "initialize", McpSchema.InitializeRequest.class,
            "tools/call", McpSchema.CallToolRequest.class,
            "tools/list", McpSchema.PaginatedRequest.class);

    private RpcCheck() {}

    static Verdict check(byte[] line) {
        if (new String(line, StandardCharsets.ISO_8859_1).isBlank()) {
            return error(
                    null, INVALID_REQUEST, "Invalid Request: the line is empty; send one JSON-RPC message per line");
        }
        JsonNode node;
        try {
            node = READ.readTree(line);
        } catch (StreamConstraintsException e) {
            return error(
                    null,
                    INVALID_REQUEST,
                    "Invalid Request: the message is nested deeper than " + MAX_DEPTH + " levels or holds a number"
                            + " longer than " + MAX_NUMBER_DIGITS + " digits");
        } catch (IOException e) {
            return error(null, PARSE_ERROR, "Parse error: the line is not one valid JSON value" + where(e));
        }
        if (node.isArray()) {
            return error(
                    null,
                    INVALID_REQUEST,
                    node.isEmpty()
                            ? "Invalid Request: an empty batch"
                            : "Invalid Request: batches are not supported; send one message per line");
        }
        if (!node.isObject()) {
            return error(null, INVALID_REQUEST, "Invalid Request: a message is a JSON object");
        }
        return envelope((ObjectNode) node);
    }

    private static Verdict envelope(ObjectNode m) {
        JsonNode id = m.get("id");
        JsonNode answerId = validId(id) ? id : null;
        if (!"2.0".equals(m.path("jsonrpc").textValue())) {
            return error(answerId, INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        }
        if (id != null && !validId(id)) {
            return error(null, INVALID_REQUEST, "Invalid Request: \"id\" must be a string or a whole number");
        }
        JsonNode method = m.get("method");
        if (method == null) {
            if (id != null && (m.has("result") ^ m.has("error"))) {
                return pass(m); // a client's answer to a server request
            }
            return error(answerId, INVALID_REQUEST, "Invalid Request: no \"method\"");
        }
        if (!method.isTextual() || method.asText().isEmpty()) {
            return error(answerId, INVALID_REQUEST, "Invalid Request: \"method\" must be a non-empty string");
        }
        JsonNode params = m.get("params");
        if (params != null && !params.isObject()) {
            return id == null
                    ? new Verdict.Drop(method.asText() + ": params are not an object")
                    : error(
                            id,
                            INVALID_PARAMS,
                            "Invalid params: \"params\" must be an object, not " + Args.kind(params));
        }
        Class<?> shape = PARAMS.get(method.asText());
        if (id != null && shape != null) {
            String wrong = params(method.asText(), params, shape);
            if (wrong != null) {
                return error(id, INVALID_PARAMS, "Invalid params: " + wrong);
            }
        }
        return pass(m);
    }

    /** Null when the SDK can read {@code params} as {@code shape}; otherwise which field is wrong. */
    private static String params(String method, JsonNode params, Class<?> shape) {
        if (params == null) {
            return "tools/list".equals(method) ? null : method + " needs \"params\" (an object)";
        }
        if ("tools/call".equals(method)) {
            JsonNode name = params.get("name");
            if (name == null || !name.isTextual()) {
                return "tools/call needs \"params.name\" (a tool name string)";
            }
            JsonNode args = params.get("arguments");
            if (args != null && !args.isObject()) {
                return "\"params.arguments\" must be an object, not " + Args.kind(args);
            }
        }
        if ("initialize".equals(method) && !params.path("protocolVersion").isTextual()) {
            return "initialize needs \"params.protocolVersion\" (a string)";
        }
        try {
            READ.convertValue(params, shape);
            return null;
        } catch (IllegalArgumentException e) {
            return "\"params" + path(e) + "\" has the wrong type for " + method;
        }
    }

    private static String path(IllegalArgumentException e) {
        if (!(e.getCause() instanceof JsonMappingException m)) {
            return "";
        }
        return m.getPath().stream()
                .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining());
    }

    private static boolean validId(JsonNode id) {
        return id != null && (id.isTextual() || id.isIntegralNumber() && id.canConvertToLong());
    }

    private static String where(IOException e) {
        if (e instanceof JsonProcessingException p
                && p.getLocation() != null
                && p.getLocation().getColumnNr() > 0) {
            return " (at column " + p.getLocation().getColumnNr() + ")";
        }
        return "";
    }

    private static Verdict pass(ObjectNode m) {
        return new Verdict.Pass(write(m), m);
    }

    /** A JSON-RPC error answer; {@code id} null when the request's own id is missing or unusable. */
    static Verdict error(JsonNode id, int code, String message) {
        ObjectNode out = READ.createObjectNode().put("jsonrpc", "2.0");
        out.set("id", id == null ? NullNode.getInstance() : id);
        out.putObject("error").put("code", code).put("message", message);
        return new Verdict.Answer(write(out));
    }

    static Verdict result(JsonNode id, ObjectNode result) {
        ObjectNode out = READ.createObjectNode().put("jsonrpc", "2.0");
        out.set("id", id);
        out.set("result", result);
        return new Verdict.Answer(write(out));
    }

    static ObjectNode object() {
        return READ.createObjectNode();
    }

    private static String write(JsonNode n) {
        try {
            return WRITE.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always writes", e);
        }
    }
}
