package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The OpenAI Responses API ({@code POST /v1/responses}, streamed as SSE) for Codex CLI. A request
 * that asks for a JSON object with a {@code title} (Codex's thread-title side turn) is answered with
 * one without asking the script, so a test's script only sees conversation turns.
 */
public final class FakeOpenAI extends FakeModel {
    private final AtomicLong ids = new AtomicLong();
    private volatile String title = "Fake title";

    public FakeOpenAI() throws IOException {
        super();
    }

    /** The title Codex's title side turn gets. */
    FakeOpenAI title(String title) {
        this.title = title;
        return this;
    }

    /** Whether {@code call} is Codex's title side turn: a structured output whose schema has a title. */
    static boolean titleRequest(Call call) {
        JsonNode format = call.body().path("text").path("format");
        return "json_schema".equals(format.path("type").asText())
                && format.path("schema").path("properties").has("title");
    }

    /** Whether {@code call} is a conversation turn (not a title or another side request). */
    public static boolean turn(Call call) {
        return call.path().endsWith("/responses") && !titleRequest(call);
    }

    @Override
    boolean conversational(Call call) {
        return call.method().equals("POST") && turn(call);
    }

    @Override
    String lastUserText(JsonNode body) {
        for (JsonNode item : userEntriesNewestFirst(body.path("input"))) {
            String t = textsOfType(item.path("content"), "input_text");
            // Codex adds its own context (environment, AGENTS.md) as user messages wrapped in tags
            if (!t.startsWith("<")) {
                return t;
            }
        }
        return "";
    }

    @Override
    boolean afterToolResult(JsonNode body) {
        JsonNode input = body.path("input");
        return !input.isEmpty()
                && "function_call_output"
                        .equals(input.get(input.size() - 1).path("type").asText());
    }

    @Override
    void answer(HttpExchange ex, Call call, Reply reply) throws IOException {
        if (!call.method().equals("POST") || !call.path().endsWith("/responses")) {
            json(ex, 200, Map.of("object", "list", "data", List.of(), "models", List.of()));
            return;
        }
        if (reply == null) {
            reply = Reply.text(JSON.writeValueAsString(Map.of("title", title)));
        }
        String response = "resp_fake" + ids.incrementAndGet();
        String item = "item_fake" + ids.incrementAndGet();
        Map<String, Object> done = new LinkedHashMap<>();
        OutputStream out = sse(ex);
        event(
                out,
                "response.created",
                typed("response.created", "response", response(response, "in_progress", List.of())));
        if (reply instanceof Reply.ToolCall t) {
            // a namespaced tool (an MCP server's, "mcp__gather/send_message") is named by namespace and name
            String args = JSON.writeValueAsString(t.input());
            done.put("type", "function_call");
            done.put("id", item);
            done.put("call_id", "call_fake" + ids.incrementAndGet());
            int slash = t.name().indexOf('/');
            if (slash > 0) {
                done.put("namespace", t.name().substring(0, slash));
            }
            done.put("name", t.name().substring(slash + 1));
            done.put("arguments", args);
            done.put("status", "completed");
            Map<String, Object> started = new LinkedHashMap<>(done);
            started.put("arguments", "");
            started.put("status", "in_progress");
            event(out, "response.output_item.added", itemEvent("response.output_item.added", started));
            Map<String, Object> delta = new LinkedHashMap<>();
            delta.put("type", "response.function_call_arguments.delta");
            delta.put("item_id", item);
            delta.put("output_index", 0);
            delta.put("delta", args);
            event(out, "response.function_call_arguments.delta", delta);
        } else {
            String text = ((Reply.Text) reply).text();
            done.put("type", "message");
            done.put("id", item);
            done.put("role", "assistant");
            done.put("status", "completed");
            done.put("content", List.of(Map.of("type", "output_text", "text", text, "annotations", List.of())));
            event(
                    out,
                    "response.output_item.added",
                    itemEvent(
                            "response.output_item.added",
                            Map.of(
                                    "type",
                                    "message",
                                    "id",
                                    item,
                                    "role",
                                    "assistant",
                                    "status",
                                    "in_progress",
                                    "content",
                                    List.of())));
            Map<String, Object> delta = new LinkedHashMap<>();
            delta.put("type", "response.output_text.delta");
            delta.put("item_id", item);
            delta.put("output_index", 0);
            delta.put("content_index", 0);
            delta.put("delta", text);
            event(out, "response.output_text.delta", delta);
        }
        event(out, "response.output_item.done", itemEvent("response.output_item.done", done));
        event(
                out,
                "response.completed",
                typed("response.completed", "response", response(response, "completed", List.<Object>of(done))));
    }

    private static Map<String, Object> typed(String type, String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put(key, value);
        return m;
    }

    private static Map<String, Object> itemEvent(String type, Map<String, Object> item) {
        Map<String, Object> m = typed(type, "item", item);
        m.put("output_index", 0);
        return m;
    }

    private static Map<String, Object> response(String id, String status, List<Object> output) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id);
        r.put("object", "response");
        r.put("status", status);
        r.put("output", output);
        r.put(
                "usage",
                Map.of(
                        "input_tokens", 100,
                        "input_tokens_details", Map.of("cached_tokens", 0),
                        "output_tokens", 20,
                        "output_tokens_details", Map.of("reasoning_tokens", 0),
                        "total_tokens", 120));
        return r;
    }
}
