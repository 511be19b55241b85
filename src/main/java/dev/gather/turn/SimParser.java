package dev.gather.turn;

/** The simulated agent's turn end ({@code gather sim}): {@code {"last_message": "…"}}. */
final class SimParser implements HookParser {
    @Override
    public String text(String payload) throws HookRejected {
        return Json.optionalText(Json.object(payload, "sim"), "last_message", "sim");
    }
}
