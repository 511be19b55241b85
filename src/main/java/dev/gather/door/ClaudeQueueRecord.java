package dev.gather.door;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * What a Claude Code session's transcript says of a message that came through its inbox (2.1.330,
 * seen in real runs): a {@code queue-operation} line {@code enqueue} with the message as {@code
 * content} when Claude queued it, then a {@code user} message that starts {@code Another Claude
 * session sent a message:} and carries it once a turn took it.
 */
final class ClaudeQueueRecord {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A session's transcript grows large; what gather handed lately is near its end. */
    private static final int TAIL_BYTES = 8 << 20;

    private ClaudeQueueRecord() {}

    /**
     * Where {@code text} is by {@code transcript}: taken, queued, or never there. Only lines from
     * {@code since} on count: a gathering relays the same words more than once ("(Ada listens)").
     */
    static Door.Whereabouts of(Path transcript, String text, Instant since) {
        if (!Files.isRegularFile(transcript, LinkOption.NOFOLLOW_LINKS)) {
            return new Door.Whereabouts(
                    Door.Whereabouts.Kind.UNKNOWN, "Claude's transcript " + transcript + " is not a file");
        }
        String tail;
        try {
            tail = tail(transcript);
        } catch (IOException e) {
            return new Door.Whereabouts(
                    Door.Whereabouts.Kind.UNKNOWN, "Claude's transcript could not be read: " + e.getMessage());
        }
        String wanted = HarnessCopy.normal(text);
        boolean queued = false;
        for (String line : tail.split("\n")) {
            if (!line.contains("queue-operation") && !line.contains("\"user\"")) {
                continue; // most lines are neither: skip parsing them
            }
            JsonNode entry;
            try {
                entry = JSON.readTree(line);
            } catch (IOException torn) {
                continue; // the first line of the tail, or one being written
            }
            if (!after(entry, since)) {
                continue;
            }
            if ("queue-operation".equals(entry.path("type").asText())
                    && "enqueue".equals(entry.path("operation").asText())
                    && HarnessCopy.normal(entry.path("content").asText()).equals(wanted)) {
                queued = true;
            } else if ("user".equals(entry.path("type").asText())
                    && entry.path("message").path("content").isTextual()
                    && HarnessCopy.normal(entry.path("message").path("content").asText())
                            .contains(wanted)) {
                return new Door.Whereabouts(
                        Door.Whereabouts.Kind.TAKEN,
                        "claude transcript shows it as a turn's user message at "
                                + entry.path("timestamp").asText("?"),
                        at(entry));
            }
        }
        return queued
                ? new Door.Whereabouts(Door.Whereabouts.Kind.WAITING, "claude transcript shows it queued, no turn yet")
                : new Door.Whereabouts(Door.Whereabouts.Kind.MISSING, "claude transcript has no trace of it");
    }

    private static boolean after(JsonNode entry, Instant since) {
        // a line without a time cannot be placed after the handover
        return at(entry).filter(t -> !t.isBefore(since)).isPresent();
    }

    private static Optional<Instant> at(JsonNode entry) {
        try {
            return Optional.of(Instant.parse(entry.path("timestamp").asText()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static String tail(Path path) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
            long start = Math.max(0, f.length() - TAIL_BYTES);
            byte[] bytes = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
