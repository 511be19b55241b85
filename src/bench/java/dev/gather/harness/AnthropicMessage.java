package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * One assistant message in the Anthropic Messages wire format, written whole (JSON) or as the
 * server-sent events a streaming client reads. The benchmark's endpoint and the suite's scripted
 * fake both answer a real Claude Code with it, so the two cannot drift apart on the format.
 */
public record AnthropicMessage(String id, String model, Content content) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Object> USAGE = Map.of("input_tokens", 100, "output_tokens", 20);

    /** What the message says: words, or one tool call. */
    public sealed interface Content permits Text, ToolUse {}

    /** Words that end the turn. */
    public record Text(String text) implements Content {}

    /** One tool call the harness must run (or ask its user about) before the turn goes on. */
    public record ToolUse(String id, String name, JsonNode input) implements Content {}

    /** The whole message, for a request that did not ask to stream. */
    public byte[] json() throws IOException {
        ObjectNode block = start();
        if (content instanceof ToolUse t) {
            block.set("input", t.input());
        } else {
            block.put("text", ((Text) content).text());
        }
        return JSON.writeValueAsBytes(Map.of(
                "id",
                id,
                "type",
                "message",
                "role",
                "assistant",
                "model",
                model,
                "content",
                List.of(block),
                "stop_reason",
                stopReason(),
                "usage",
                USAGE));
    }

    /** The message as the SSE events of a streamed answer, flushed one by one. */
    public void stream(OutputStream out) throws IOException {
        Map<String, Object> message = Map.of(
                "id", id, "type", "message", "role", "assistant", "model", model, "content", List.of(), "usage", USAGE);
        event(out, "message_start", Map.of("type", "message_start", "message", message));
        event(out, "content_block_start", Map.of("type", "content_block_start", "index", 0, "content_block", start()));
        Map<String, Object> delta = content instanceof ToolUse t
                ? Map.of("type", "input_json_delta", "partial_json", JSON.writeValueAsString(t.input()))
                : Map.of("type", "text_delta", "text", ((Text) content).text());
        event(out, "content_block_delta", Map.of("type", "content_block_delta", "index", 0, "delta", delta));
        event(out, "content_block_stop", Map.of("type", "content_block_stop", "index", 0));
        event(
                out,
                "message_delta",
                Map.of("type", "message_delta", "delta", Map.of("stop_reason", stopReason()), "usage", USAGE));
        event(out, "message_stop", Map.of("type", "message_stop"));
    }

    private String stopReason() {
        return content instanceof ToolUse ? "tool_use" : "end_turn";
    }

    /** The content block as it opens: a tool call's input and a text's words come after, in deltas. */
    private ObjectNode start() {
        ObjectNode block = JSON.createObjectNode();
        if (content instanceof ToolUse t) {
            block.put("type", "tool_use").put("id", t.id()).put("name", t.name());
            block.set("input", JSON.createObjectNode());
        } else {
            block.put("type", "text").put("text", "");
        }
        return block;
    }

    private static void event(OutputStream out, String name, Object data) throws IOException {
        out.write(("event: " + name + "\ndata: " + JSON.writeValueAsString(data) + "\n\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
