package dev.gather.door;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;

/**
 * One line of a Codex transcript, read for what gather needs of it: a turn's start and end, its id,
 * and a user message's words. Codex's format, as 0.169 writes it, stays in this one place.
 */
record RolloutLine(JsonNode line, JsonNode payload) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code text} read, or empty when it is no JSON (a line Codex is still writing is never passed here). */
    static Optional<RolloutLine> parse(String text) {
        try {
            JsonNode e = JSON.readTree(text);
            return e == null ? Optional.empty() : Optional.of(new RolloutLine(e, e.path("payload")));
        } catch (JsonProcessingException x) {
            return Optional.empty();
        }
    }

    /** A turn's start ({@code task_started}). */
    boolean turnStart() {
        return event("task_started");
    }

    /**
     * A turn's end: completed, or aborted. Codex runs its notify only for a turn that completed
     * (agent-turn-complete), never for one interrupted or replaced.
     */
    boolean turnEnd() {
        return event("task_complete") || aborted();
    }

    boolean aborted() {
        return event("turn_aborted");
    }

    /** The turn's id where the line names it ({@code turn_id}). */
    Optional<String> turnId() {
        return Optional.of(payload.path("turn_id")).filter(JsonNode::isTextual).map(JsonNode::asText);
    }

    /** A user message: what starts a turn, whoever sent it. */
    boolean userMessage() {
        return "response_item".equals(line.path("type").asText())
                && "message".equals(payload.path("type").asText())
                && "user".equals(payload.path("role").asText());
    }

    /**
     * A user message as the thread's item ({@code item_completed} of a {@code UserMessage}), which
     * Codex writes right after the message's words, naming the id its client gave the message.
     */
    boolean userItem() {
        return event("item_completed")
                && "UserMessage".equals(payload.path("item").path("type").asText());
    }

    /** The id the client gave a user message (a queued one: its {@code clientUserMessageId}), where the item names one. */
    Optional<String> clientId() {
        return Optional.of(payload.path("item").path("client_id"))
                .filter(JsonNode::isTextual)
                .map(JsonNode::asText);
    }

    /** A user message's words, as {@link HarnessCopy#normal} compares them. */
    String userText() {
        StringBuilder s = new StringBuilder();
        for (JsonNode part : payload.path("content")) {
            if ("input_text".equals(part.path("type").asText())) {
                s.append(s.length() == 0 ? "" : "\n").append(part.path("text").asText());
            }
        }
        return HarnessCopy.normal(s.toString());
    }

    String type() {
        return payload.path("type").asText();
    }

    String timestamp() {
        return line.path("timestamp").asText("?");
    }

    private boolean event(String type) {
        return "event_msg".equals(line.path("type").asText()) && type.equals(type());
    }
}
