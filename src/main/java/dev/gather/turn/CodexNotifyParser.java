package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * Codex CLI's {@code notify} program argument: {@code {"type":"agent-turn-complete", "turn-id":…,
 * "input-messages":[…], "last-assistant-message":…}}; the last assistant message is the turn output.
 */
final class CodexNotifyParser implements HookParser {
    @Override
    public String text(String payload) throws HookRejected {
        return finished(payload).text();
    }

    /** {@code turn-id}: the same id Codex's transcript gives the turn (its {@code task_complete}, its user message). */
    @Override
    public Finished finished(String payload) throws HookRejected {
        JsonNode event =
                Json.turnEnd(payload, "codex notify", "type", "agent-turn-complete", "codex notify event type");
        Optional<String> turn = Optional.of(event.path("turn-id"))
                .filter(JsonNode::isTextual)
                .map(JsonNode::asText)
                .filter(id -> !id.isBlank());
        return new Finished(Json.optionalText(event, "last-assistant-message", "codex notify"), turn);
    }
}
