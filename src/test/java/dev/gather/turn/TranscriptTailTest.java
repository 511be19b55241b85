package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptTailTest {
    @TempDir
    Path tmp;

    @Test
    void findsTheAnswerAtTheEndOfALargeTranscriptAcrossChunkBoundaries() throws Exception {
        Path transcript = tmp.resolve("big.jsonl");
        String filler = "x".repeat(100_000); // each line spans chunks
        try (BufferedWriter w = Files.newBufferedWriter(transcript)) {
            for (int i = 0; i < 200; i++) {
                w.write("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + filler + "\"}}\n");
            }
            w.write("{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":"
                    + "[{\"type\":\"text\",\"text\":\"é first\"},{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Bash\",\"input\":{}},"
                    + "{\"type\":\"text\",\"text\":\"second " + filler + "\"}]}}\n\n");
        }
        String text = TranscriptTail.lastAssistantText(transcript);
        assertEquals("é first\n\nsecond " + filler, text);
    }

    @Test
    void emptyTranscriptHasNoOutput() throws Exception {
        assertEquals("", TranscriptTail.lastAssistantText(Files.writeString(tmp.resolve("e.jsonl"), "")));
    }
}
