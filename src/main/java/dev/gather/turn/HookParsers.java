package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns each harness's hook payload into the turn's final answer. Payload shapes, from the
 * harnesses' documentation: Claude Code's Stop hook gives {@code transcript_path} (the answer is
 * read from that JSONL transcript); Codex's {@code notify} program gets {@code
 * {"type":"agent-turn-complete","last-assistant-message":…}}; Gemini CLI's AfterAgent hook gives
 * {@code prompt_response}; gather's own simulated agent sends {@code last_message}.
 */
public final class HookParsers {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ClaudeTranscript claude;

    /** @param claudeRoots where Claude transcripts may live; a payload naming another place is refused */
    public HookParsers(List<Path> claudeRoots) {
        this.claude = new ClaudeTranscript(claudeRoots);
    }

    /** Parsers trusting Claude transcripts under {@code ~/.claude}. */
    public static HookParsers forUser() {
        return new HookParsers(List.of(Path.of(System.getProperty("user.home"), ".claude")));
    }

    /** The final answer of the turn the event reports; throws {@link BadPayload} when there is none. */
    public String text(HookEvent event) {
        JsonNode p = json(event.payload());
        return switch (event.harness()) {
            case "claude" -> claude(p);
            case "codex" -> codex(p);
            case "gemini" -> field(p, "prompt_response", "gemini AfterAgent");
            case "sim" -> field(p, "last_message", "sim");
            default -> throw new BadPayload("unknown harness '" + event.harness() + "'");
        };
    }

    private String claude(JsonNode p) {
        if (p.hasNonNull("last_assistant_message")
                && p.get("last_assistant_message").isTextual()) {
            return p.get("last_assistant_message").asText();
        }
        JsonNode path = p.get("transcript_path");
        if (path == null || !path.isTextual()) {
            throw new BadPayload("claude Stop payload has no transcript_path");
        }
        return claude.lastAssistantText(path.asText());
    }

    private static String codex(JsonNode p) {
        String type = p.path("type").asText("");
        if (!type.equals("agent-turn-complete")) {
            throw new BadPayload("codex notify payload of type '" + type + "' is not agent-turn-complete");
        }
        return field(p, "last-assistant-message", "codex notify");
    }

    private static String field(JsonNode p, String name, String what) {
        JsonNode v = p.get(name);
        if (v == null || v.isNull()) {
            throw new BadPayload(what + " payload has no " + name);
        }
        if (!v.isTextual()) {
            throw new BadPayload(what + " payload field " + name + " is not text");
        }
        return v.asText();
    }

    private static JsonNode json(String payload) {
        try {
            JsonNode node = JSON.readTree(payload);
            if (node == null || !node.isObject()) {
                throw new BadPayload("payload is not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw new BadPayload("payload is not valid JSON (" + firstLine(e.getMessage()) + ")");
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
