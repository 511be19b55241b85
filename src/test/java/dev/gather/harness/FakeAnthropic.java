package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** The Anthropic Messages API ({@code POST /v1/messages}, streamed as SSE or plain JSON) for Claude Code. */
final class FakeAnthropic extends FakeModel {
    private final AtomicLong ids = new AtomicLong();

    FakeAnthropic() throws IOException {
        super();
    }

    @Override
    boolean conversational(Call call) {
        return call.method().equals("POST") && call.path().equals("/v1/messages");
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
            json(ex, 404, Map.of("type", "error", "error", Map.of("type", "not_found_error", "message", "fake")));
            return;
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
