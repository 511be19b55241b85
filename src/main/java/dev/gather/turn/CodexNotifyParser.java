package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Codex CLI's {@code notify} program argument: {@code {"type":"agent-turn-complete", "turn-id":…,
 * "input-messages":[…], "last-assistant-message":…}}; the last assistant message is the turn output.
 */
final class CodexNotifyParser implements HookParser {
    @Override
    public String text(String payload) throws HookRejected {
        JsonNode event =
                Json.turnEnd(payload, "codex notify", "type", "agent-turn-complete", "codex notify event type");
        return Json.optionalText(event, "last-assistant-message", "codex notify");
    }
}
