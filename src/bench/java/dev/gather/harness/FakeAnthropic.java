package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Anthropic Messages API ({@code POST /v1/messages}, streamed as SSE or plain JSON) for Claude Code.
 * Only real turns reach the script; Claude's side requests (a session title or topic, a quota probe,
 * token counting) get a plain answer of their own, and all of them are logged like any call.
 */
public final class FakeAnthropic extends FakeModel {
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

    public FakeAnthropic() throws IOException {
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
    public List<Call> turns() {
        return calls(c -> kind(c) == Kind.TURN);
    }

    /** The tool names Claude offered in its last turn request (MCP tools as {@code mcp__server__tool}). */
    List<String> offeredTools() {
        List<Call> turns = turns();
        List<String> names = new ArrayList<>();
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
        for (JsonNode m : userEntriesNewestFirst(body.path("messages"))) {
            JsonNode content = m.path("content");
            return content.isTextual() ? content.asText() : textsOfType(content, "text");
        }
        return "";
    }

    @Override
    boolean afterToolResult(JsonNode body) {
        return lastEntryHas(body.path("messages"), "content", b -> "tool_result"
                .equals(b.path("type").asText()));
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
        AnthropicMessage.Content content = reply instanceof Reply.ToolCall t
                ? new AnthropicMessage.ToolUse(
                        "toolu_fake" + ids.incrementAndGet(), t.name(), JSON.valueToTree(t.input()))
                : new AnthropicMessage.Text(((Reply.Text) reply).text());
        AnthropicMessage message = new AnthropicMessage(
                "msg_fake" + ids.incrementAndGet(), call.body().path("model").asText("claude-fake"), content);
        if (!call.body().path("stream").asBoolean(false)) {
            raw(ex, message.json());
            return;
        }
        message.stream(sse(ex));
    }
}
