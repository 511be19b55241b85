package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Codex CLI's {@code notify} program argument: {@code {"type":"agent-turn-complete", "turn-id":…,
 * "input-messages":[…], "last-assistant-message":…}}; the last assistant message is the turn output.
 */
final class CodexNotifyParser implements HookParser {
    @Override
    public String text(String payload) throws HookRejected {
        JsonNode event = Json.object(payload, "codex notify");
        String type = Json.optionalText(event, "type", "codex notify");
        if (!"agent-turn-complete".equals(type)) {
            throw new HookRejected("codex notify event type is '" + type + "', only agent-turn-complete is a turn end");
        }
        return Json.optionalText(event, "last-assistant-message", "codex notify");
    }
}
