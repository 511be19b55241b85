package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Anthropic Messages API ({@code POST /v1/messages}, streamed as SSE or plain JSON) for Claude Code.
 * Only real turns reach the script; Claude's side requests (a session title or topic, a quota probe,
 * token counting) get a plain answer of their own, and all of them are logged like any call.
 */
final class FakeAnthropic extends FakeModel {
    /** What Claude asked for in one call. */
    enum Kind {
        /** A turn of the conversation: the request offers the session's tools. */
        TURN,
        /** A side request without tools: a title, a topic, a summary. */
        SIDE,
        /** A quota or key probe ({@code max_tokens: 1}). */
        QUOTA,
        /** {@code POST /v1/messages/count_tokens}. */
        COUNT_TOKENS,
        /** Anything else (a GET, an unknown path). */
        OTHER
    }

    private final AtomicLong ids = new AtomicLong();

    FakeAnthropic() throws IOException {
        super();
    }

    /** Which kind of request {@code call} is, from its shape (path, tools, max_tokens), not its wording. */
    static Kind kind(Call call) {
        if (!call.method().equals("POST")) {
            return Kind.OTHER;
        }
        if (call.path().endsWith("/count_tokens")) {
            return Kind.COUNT_TOKENS;
        }
        if (!call.path().equals("/v1/messages")) {
            return Kind.OTHER;
        }
        if (call.body().path("max_tokens").asInt(0) == 1) {
            return Kind.QUOTA;
        }
        return call.body().path("tools").isEmpty() ? Kind.SIDE : Kind.TURN;
    }

    /** The calls that were turns of a conversation (what the script answered). */
    java.util.List<Call> turns() {
        return calls(c -> kind(c) == Kind.TURN);
    }

    /** The tool names Claude offered in its last turn request (MCP tools as {@code mcp__server__tool}). */
    java.util.List<String> offeredTools() {
        java.util.List<Call> turns = turns();
        java.util.List<String> names = new java.util.ArrayList<>();
        if (!turns.isEmpty()) {
            turns.get(turns.size() - 1)
                    .body()
                    .path("tools")
                    .forEach(t -> names.add(t.path("name").asText()));
        }
        return names;
    }

    @Override
    boolean conversational(Call call) {
        return kind(call) == Kind.TURN;
    }

    @Override
    String lastUserText(JsonNode body) {
        JsonNode messages = body.path("messages");
        for (int i = messages.size() - 1; i >= 0; i--) {
            JsonNode m = messages.get(i);
            if (!"user".equals(m.path("role").asText())) {
                continue;
            }
            JsonNode content = m.path("content");
            if (content.isTextual()) {
                return content.asText();
            }
            StringBuilder text = new StringBuilder();
            for (JsonNode block : content) {
                if ("text".equals(block.path("type").asText())) {
                    text.append(text.length() == 0 ? "" : "\n")
                            .append(block.path("text").asText());
                }
            }
            return text.toString();
        }
        return "";
    }

    @Override
    boolean afterToolResult(JsonNode body) {
        JsonNode messages = body.path("messages");
        if (messages.isEmpty()) {
            return false;
        }
        for (JsonNode block : messages.get(messages.size() - 1).path("content")) {
            if ("tool_result".equals(block.path("type").asText())) {
                return true;
            }
        }
        return false;
    }

    @Override
    void answer(HttpExchange ex, Call call, Reply reply) throws IOException {
        if (call.path().endsWith("/count_tokens")) {
            json(ex, 200, Map.of("input_tokens", 100));
            return;
        }
        if (reply == null) {
            Kind kind = kind(call);
            if (kind == Kind.OTHER) {
                json(ex, 404, Map.of("type", "error", "error", Map.of("type", "not_found_error", "message", "fake")));
                return;
            }
            // a title or topic request wants a short JSON answer; a probe wants any answer at all
            reply = Reply.text(kind == Kind.SIDE ? "{\"title\": \"Fake title\", \"isNewTopic\": false}" : "ok");
        }
        String model = call.body().path("model").asText("claude-fake");
        String id = "msg_fake" + ids.incrementAndGet();
        ObjectNode block = JSON.createObjectNode();
        String stop;
        if (reply instanceof Reply.ToolCall t) {
            block.put("type", "tool_use")
                    .put("id", "toolu_fake" + ids.incrementAndGet())
                    .put("name", t.name());
            block.set("input", JSON.createObjectNode());
            stop = "tool_use";
        } else {
            block.put("type", "text").put("text", "");
            stop = "end_turn";
        }
        if (!call.body().path("stream").asBoolean(false)) {
            ObjectNode whole = block.deepCopy();
            if (reply instanceof Reply.ToolCall t) {
                whole.set("input", JSON.valueToTree(t.input()));
            } else {
                whole.put("text", ((Reply.Text) reply).text());
            }
            json(
                    ex,
                    200,
                    Map.of(
                            "id",
                            id,
                            "type",
                            "message",
                            "role",
                            "assistant",
                            "model",
                            model,
                            "content",
                            java.util.List.of(whole),
                            "stop_reason",
                            stop,
                            "usage",
                            Map.of("input_tokens", 100, "output_tokens", 20)));
            return;
        }
        OutputStream out = sse(ex);
        event(
                out,
                "message_start",
                Map.of(
                        "type",
                        "message_start",
                        "message",
                        Map.of(
                                "id",
                                id,
                                "type",
                                "message",
                                "role",
                                "assistant",
                                "model",
                                model,
                                "content",
                                java.util.List.of(),
                                "usage",
                                Map.of("input_tokens", 100, "output_tokens", 1))));
        event(out, "content_block_start", Map.of("type", "content_block_start", "index", 0, "content_block", block));
        if (reply instanceof Reply.ToolCall t) {
            event(
                    out,
                    "content_block_delta",
                    Map.of(
                            "type",
                            "content_block_delta",
                            "index",
                            0,
                            "delta",
                            Map.of("type", "input_json_delta", "partial_json", JSON.writeValueAsString(t.input()))));
        } else {
            event(
                    out,
                    "content_block_delta",
                    Map.of(
                            "type",
                            "content_block_delta",
                            "index",
                            0,
                            "delta",
                            Map.of("type", "text_delta", "text", ((Reply.Text) reply).text())));
        }
        event(out, "content_block_stop", Map.of("type", "content_block_stop", "index", 0));
        event(
                out,
                "message_delta",
                Map.of(
                        "type",
                        "message_delta",
                        "delta",
                        Map.of("stop_reason", stop),
                        "usage",
                        Map.of("output_tokens", 20)));
        event(out, "message_stop", Map.of("type", "message_stop"));
    }
}
