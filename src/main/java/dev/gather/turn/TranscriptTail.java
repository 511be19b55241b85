package dev.gather.turn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the last assistant text of the last turn in a Claude Code JSONL transcript, reading from the
 * end: tool calls, tool results and thinking blocks never count as output.
 */
final class TranscriptTail {
    private TranscriptTail() {}

    static String lastAssistantText(Path transcript) throws HookRejected {
        try (ReverseLines lines = new ReverseLines(transcript)) {
            for (Optional<String> line = lines.previous(); line.isPresent(); line = lines.previous()) {
                JsonNode entry = parse(line.get(), transcript);
                if (entry.path("isSidechain").asBoolean(false)) {
                    continue;
                }
                String type = entry.path("type").asText("");
                if ("assistant".equals(type)) {
                    String text = texts(entry.path("message").path("content"));
                    if (!text.isBlank()) {
                        return text;
                    }
                } else if ("user".equals(type) && isPrompt(entry)) {
                    return ""; // the turn began here and said nothing in text
                }
            }
            return "";
        } catch (IOException e) {
            throw new HookRejected("cannot read claude transcript " + transcript + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode parse(String line, Path transcript) throws HookRejected {
        try {
            JsonNode node = Json.MAPPER.readTree(line);
            if (node == null || !node.isObject()) {
                throw new HookRejected("claude transcript " + transcript + " has a line that is not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new HookRejected(
                    "claude transcript " + transcript + " has a malformed (truncated?) line near its end", e);
        }
    }

    private static String texts(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        List<String> parts = new ArrayList<>();
        for (JsonNode block : content) {
            if ("text".equals(block.path("type").asText()) && block.path("text").isTextual()) {
                parts.add(block.path("text").asText());
            }
        }
        return String.join("\n\n", parts);
    }

    /** A user entry typed by a person (or pasted by gather), not a tool result or an injected meta note. */
    private static boolean isPrompt(JsonNode entry) {
        if (entry.path("isMeta").asBoolean(false)) {
            return false;
        }
        JsonNode content = entry.path("message").path("content");
        if (content.isTextual()) {
            return true;
        }
        for (JsonNode block : content) {
            if ("tool_result".equals(block.path("type").asText())) {
                return false;
            }
        }
        return true;
    }
}
