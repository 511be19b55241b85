package dev.gather.door;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;

/**
 * What a Claude session answered about one message gather sent it: a {@code peer_message_status}
 * frame it writes to the sender's reply address ({@code held}, {@code denied}, {@code expired},
 * {@code delivered}, {@code refused}, {@code dropped}) with its own reason. Claude sends none when it
 * simply accepts a message into its queue.
 */
public record ClaudeReceipt(String messageId, String status, String reason, String from) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public ClaudeReceipt {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(from, "from");
    }

    /** Reads one line Claude wrote to the reply inbox; anything else (other frames, junk) is empty. */
    static Optional<ClaudeReceipt> parse(String line) {
        JsonNode frame;
        try {
            frame = JSON.readTree(line);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (frame == null
                || !"control".equals(frame.path("type").asText())
                || !"peer_message_status".equals(frame.path("action").asText())
                || !frame.path("orig_msg_id").isTextual()) {
            return Optional.empty();
        }
        // Claude reports a refusal as expired with detail "refused"
        String status = "refused".equals(frame.path("status_detail").asText())
                ? "refused"
                : frame.path("status").asText("");
        String reason = frame.path("reason").asText("");
        if (frame.hasNonNull("drop_reason")) {
            reason = reason + " (" + frame.path("drop_reason").asText() + ")";
        }
        return Optional.of(new ClaudeReceipt(
                frame.path("orig_msg_id").asText(),
                status,
                reason,
                frame.path("from").asText("")));
    }

    /**
     * The handover this receipt means for a message just handed: held waits for Claude's user;
     * refused, denied, expired and dropped never reach the model this way (fall back); delivered is
     * a held message released into Claude's queue.
     */
    Handover handover() {
        String why = "Claude " + status + " it: " + reason;
        return switch (status) {
            case "held" -> new Handover.Held(why);
            case "delivered" -> new Handover.Handed("Claude's messaging socket, released from hold: " + reason);
            case "refused", "denied", "expired", "dropped" -> new Handover.Refused(why);
            default -> new Handover.Failed("Claude answered with an unknown status '" + status + "': " + reason);
        };
    }
}
