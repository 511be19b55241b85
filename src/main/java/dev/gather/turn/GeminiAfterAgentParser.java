package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Gemini CLI's {@code AfterAgent} hook input on stdin ({@code hook_event_name, prompt, prompt_response,
 * stop_hook_active, transcript_path, …}); {@code prompt_response} is the turn's final answer.
 */
final class GeminiAfterAgentParser implements HookParser {
    @Override
    public String text(String payload) throws HookRejected {
        JsonNode event =
                Json.turnEnd(payload, "gemini AfterAgent", "hook_event_name", "AfterAgent", "gemini hook event");
        return Json.optionalText(event, "prompt_response", "gemini AfterAgent");
    }
}
