package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Claude Code hook events that are not turn ends: {@code SessionStart} (a session is up; its hook
 * carries the session's messaging socket before any turn ended) and {@code UserPromptSubmit} (a turn
 * starts with a prompt). gather installs them to learn a pane's door and to see a message taken.
 */
final class ClaudeNotices {
    private static final Set<String> NOTICES = Set.of("SessionStart", "UserPromptSubmit");

    private ClaudeNotices() {}

    /** Whether {@code event} is one of Claude's notices rather than a turn end. */
    static boolean isNotice(HookEvent event) {
        return "claude".equals(event.harness()) && NOTICES.contains(name(event.payload()));
    }

    /** The prompt a {@code UserPromptSubmit} event carries, attributed to the event's pane. */
    static Optional<PromptSubmitted> submitted(HookEvent event) {
        if (!"claude".equals(event.harness())) {
            return Optional.empty();
        }
        Optional<JsonNode> payload = object(event.payload());
        if (payload.isEmpty()
                || !"UserPromptSubmit"
                        .equals(payload.get().path("hook_event_name").asText())
                || !payload.get().path("prompt").isTextual()) {
            return Optional.empty();
        }
        return Optional.of(new PromptSubmitted(
                event.pane(),
                event.harness(),
                payload.get().path("session_id").asText(""),
                payload.get().path("prompt").asText(),
                event.time()));
    }

    /**
     * The session transcript a Claude hook names ({@code transcript_path}), when it is an absolute
     * {@code <session_id>.jsonl}: where gather looks for a handed message Claude's hook did not show.
     */
    static Optional<Path> transcript(HookEvent event) {
        if (!"claude".equals(event.harness())) {
            return Optional.empty();
        }
        return object(event.payload()).flatMap(p -> {
            String session = p.path("session_id").asText("");
            String path = p.path("transcript_path").asText("");
            try {
                Path t = Path.of(path);
                return t.isAbsolute()
                                && !session.isEmpty()
                                && t.getFileName().toString().equals(session + ".jsonl")
                        ? Optional.of(t.normalize())
                        : Optional.empty();
            } catch (InvalidPathException e) {
                return Optional.empty();
            }
        });
    }

    private static String name(String payload) {
        return object(payload).map(p -> p.path("hook_event_name").asText("")).orElse("");
    }

    private static Optional<JsonNode> object(String payload) {
        try {
            return Optional.of(Json.object(payload, "claude hook"));
        } catch (HookRejected e) {
            return Optional.empty();
        }
    }
}
