package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * The Gemini API ({@code POST /v1beta/models/<model>:streamGenerateContent?alt=sse}, {@code
 * :generateContent}, {@code :countTokens}) for Gemini CLI in API-key mode. A request for structured
 * JSON (its model router, its next-speaker check) is answered from the request's own schema without
 * asking the script, so a test's script only sees conversation turns.
 */
public final class FakeGemini extends FakeModel {
    public FakeGemini() throws IOException {
        super();
    }

    /** Whether {@code call} asks for JSON by schema: one of Gemini CLI's side requests. */
    static boolean structured(Call call) {
        JsonNode config = call.body().path("generationConfig");
        return "application/json".equals(config.path("responseMimeType").asText())
                || config.has("responseJsonSchema")
                || config.has("responseSchema");
    }

    /** Whether {@code call} is a conversation turn (not a side request). */
    public static boolean turn(Call call) {
        return call.path().contains(":streamGenerateContent") && !structured(call);
    }

    @Override
    boolean conversational(Call call) {
        return call.method().equals("POST") && turn(call);
    }

    @Override
    String lastUserText(JsonNode body) {
        for (JsonNode c : userEntriesNewestFirst(body.path("contents"))) {
            JsonNode parts = c.path("parts");
            for (int j = parts.size() - 1; j >= 0; j--) {
                if (parts.get(j).has("text")) {
                    return parts.get(j).path("text").asText();
                }
            }
        }
        return "";
    }

    @Override
    boolean afterToolResult(JsonNode body) {
        return lastEntryHas(body.path("contents"), "parts", part -> part.has("functionResponse"));
    }

    @Override
    void answer(HttpExchange ex, Call call, Reply reply) throws IOException {
        String path = call.path();
        if (path.endsWith(":countTokens")) {
            json(ex, 200, Map.of("totalTokens", 100));
            return;
        }
        if (!path.contains(":generateContent") && !path.contains(":streamGenerateContent")) {
            json(ex, 200, Map.of());
            return;
        }
        ObjectNode part = JSON.createObjectNode();
        if (reply == null) {
            JsonNode config = call.body().path("generationConfig");
            JsonNode schema = config.has("responseJsonSchema")
                    ? config.path("responseJsonSchema")
                    : config.path("responseSchema");
            part.put("text", JSON.writeValueAsString(example(schema)));
        } else if (reply instanceof Reply.ToolCall t) {
            part.putObject("functionCall").put("name", t.name()).set("args", JSON.valueToTree(t.input()));
        } else {
            part.put("text", ((Reply.Text) reply).text());
        }
        ObjectNode chunk = JSON.createObjectNode();
        ObjectNode candidate = chunk.putArray("candidates").addObject();
        candidate.putObject("content").put("role", "model").putArray("parts").add(part);
        candidate.put("finishReason", "STOP").put("index", 0);
        chunk.putObject("usageMetadata")
                .put("promptTokenCount", 100)
                .put("candidatesTokenCount", 20)
                .put("totalTokenCount", 120);
        chunk.put("modelVersion", "gemini-fake");
        if (!path.contains(":streamGenerateContent")) {
            json(ex, 200, chunk);
            return;
        }
        OutputStream out = sse(ex);
        out.write(("data: " + JSON.writeValueAsString(chunk) + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** A value that satisfies {@code schema} (Gemini's OpenAPI subset, types upper- or lower-case). */
    static JsonNode example(JsonNode schema) {
        JsonNode en = schema.path("enum");
        if (en.isArray() && !en.isEmpty()) {
            // its next-speaker check offers "user" or "model": the turn goes back to the user, as a real model's would
            for (JsonNode v : en) {
                if ("user".equals(v.asText())) {
                    return v;
                }
            }
            return en.get(0);
        }
        String type = schema.path("type").asText("string").toLowerCase(Locale.ROOT);
        return switch (type) {
            case "object" -> {
                ObjectNode o = JSON.createObjectNode();
                schema.path("properties").properties().forEach(e -> o.set(e.getKey(), example(e.getValue())));
                yield o;
            }
            case "array" -> JSON.createArrayNode().add(example(schema.path("items")));
            case "integer", "number" -> JSON.getNodeFactory().numberNode(1);
            case "boolean" -> JSON.getNodeFactory().booleanNode(false);
            default -> JSON.getNodeFactory().textNode("fake");
        };
    }
}
