package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the last assistant text from a Claude Code JSONL transcript, from the end of the file (a
 * long session's transcript is large; the answer is near the end). Tool calls and thinking
 * blocks never cross: only {@code text} content blocks of the last assistant message that has one.
 */
final class ClaudeTranscript {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TAIL_BYTES = 4 << 20;

    private final List<Path> roots;

    ClaudeTranscript(List<Path> roots) {
        this.roots = roots.stream().map(r -> r.toAbsolutePath().normalize()).toList();
    }

    String lastAssistantText(String pathText) {
        Path path = trusted(pathText);
        String[] lines = tail(path).split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String text = assistantText(lines[i]);
            if (text != null) {
                return text;
            }
        }
        throw new BadPayload("claude transcript " + path + " has no assistant text");
    }

    private Path trusted(String pathText) {
        Path path;
        try {
            path = Path.of(pathText).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new BadPayload("claude transcript_path is not a path");
        }
        if (roots.stream().noneMatch(path::startsWith)) {
            throw new BadPayload("claude transcript_path " + path + " is outside " + roots);
        }
        if (!path.toString().endsWith(".jsonl") || !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadPayload("claude transcript_path " + path + " is not a transcript file");
        }
        return path;
    }

    private static String tail(Path path) {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
            long start = Math.max(0, f.length() - TAIL_BYTES);
            byte[] bytes = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadPayload("cannot read claude transcript " + path + ": " + e.getMessage());
        }
    }

    private static String assistantText(String line) {
        if (!line.contains("\"assistant\"")) {
            return null;
        }
        JsonNode entry;
        try {
            entry = JSON.readTree(line);
        } catch (IOException torn) {
            return null;
        }
        JsonNode message = entry.path("message");
        if (!"assistant".equals(entry.path("type").asText())
                && !"assistant".equals(message.path("role").asText())) {
            return null;
        }
        JsonNode content = message.path("content");
        if (content.isTextual()) {
            return content.asText().isBlank() ? null : content.asText();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode block : content) {
            if ("text".equals(block.path("type").asText())) {
                if (text.length() > 0) {
                    text.append("\n\n");
                }
                text.append(block.path("text").asText());
            }
        }
        return text.toString().isBlank() ? null : text.toString();
    }
}
