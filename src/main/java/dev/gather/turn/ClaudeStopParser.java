package dev.gather.turn;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Claude Code's {@code Stop} hook input on stdin ({@code session_id, transcript_path, hook_event_name,
 * stop_hook_active}, and since v2.1.47 {@code last_assistant_message}). The output is that field when
 * present (the harness's own answer text, with no race against the transcript being flushed), else the
 * last assistant text of the turn in the JSONL transcript. The path is only followed into the
 * directories Claude Code keeps transcripts in, so a forged event cannot make the daemon read (and
 * relay) arbitrary files.
 */
final class ClaudeStopParser implements HookParser {
    private final List<Path> transcriptRoots;

    /** @param transcriptRoots the only directories a transcript may live under (e.g. {@code ~/.claude}) */
    ClaudeStopParser(List<Path> transcriptRoots) {
        this.transcriptRoots = List.copyOf(transcriptRoots);
    }

    @Override
    public String text(String payload) throws HookRejected {
        JsonNode event = Json.turnEnd(payload, "claude Stop", "hook_event_name", "Stop", "claude hook event");
        if (event.hasNonNull("last_assistant_message")) {
            return Json.optionalText(event, "last_assistant_message", "claude Stop");
        }
        String path = Json.optionalText(event, "transcript_path", "claude Stop");
        if (path.isEmpty()) {
            throw new HookRejected("claude Stop payload has no transcript_path");
        }
        return TranscriptTail.lastAssistantText(trusted(path));
    }

    private Path trusted(String raw) throws HookRejected {
        Path real;
        try {
            Path path = Path.of(raw);
            if (!path.isAbsolute() || !raw.endsWith(".jsonl")) {
                throw new HookRejected("claude transcript_path must be an absolute .jsonl path (was " + raw + ")");
            }
            real = path.toRealPath();
        } catch (InvalidPathException | IOException e) {
            throw new HookRejected("claude transcript_path does not exist: " + raw, e);
        }
        if (!Files.isRegularFile(real) || !underARoot(real)) {
            throw new HookRejected(
                    "claude transcript_path " + raw + " is outside " + transcriptRoots + "; refusing to read it");
        }
        return real;
    }

    private boolean underARoot(Path real) {
        List<Path> roots = new ArrayList<>();
        for (Path root : transcriptRoots) {
            try {
                roots.add(root.toRealPath());
            } catch (IOException e) {
                // a root that does not exist holds no transcripts
            }
        }
        return roots.stream().anyMatch(real::startsWith);
    }
}
