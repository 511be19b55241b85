package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real payload shapes of each harness, from test resources, including broken and lying ones. */
class HookParsersTest {
    @TempDir
    Path claudeRoot;

    HookParsers parsers;
    Path transcript;

    @BeforeEach
    void setUp() throws IOException {
        parsers = new HookParsers(List.of(claudeRoot));
        transcript = claudeRoot.resolve("projects/proj/session.jsonl");
        Files.createDirectories(transcript.getParent());
        Files.writeString(transcript, resource("claude/transcript.jsonl"));
    }

    @Test
    void claudeStopGivesTheLastAssistantTextWithoutToolCallsOrThinking() throws IOException {
        String text = parse("claude", resource("claude/stop.json").replace("TRANSCRIPT", transcript.toString()));
        assertEquals("The parser looks solid.\n\nOne edge case: empty input returns null.", text);
        assertFalse(text.contains("rm -rf"));
        assertFalse(text.contains("SECRET TOOL OUTPUT"));
    }

    @Test
    void claudePayloadsLyingAboutPathsAreRefused() throws IOException {
        BadPayload outside =
                assertThrows(BadPayload.class, () -> parse("claude", resource("claude/stop-outside.json")));
        assertTrue(outside.getMessage().contains("outside"), outside.getMessage());
        String traversal = resource("claude/stop-traversal.json").replace("ROOT", claudeRoot.toString());
        assertThrows(BadPayload.class, () -> parse("claude", traversal));
    }

    @Test
    void truncatedPayloadsAreRejectedClearly() throws IOException {
        for (String[] c :
                new String[][] {{"claude", "claude/stop-truncated.json"}, {"codex", "codex/notify-truncated.json"}}) {
            BadPayload e = assertThrows(BadPayload.class, () -> parse(c[0], resource(c[1])));
            assertTrue(e.getMessage().contains("not valid JSON"), e.getMessage());
        }
    }

    @Test
    void codexNotifyGivesTheLastAssistantMessage() throws IOException {
        assertEquals(
                "Rename complete and verified `cargo build` succeeds.", parse("codex", resource("codex/notify.json")));
        BadPayload e = assertThrows(BadPayload.class, () -> parse("codex", resource("codex/notify-other-type.json")));
        assertTrue(e.getMessage().contains("approval-requested"));
    }

    @Test
    void geminiAfterAgentGivesThePromptResponse() throws IOException {
        assertEquals(
                "The design has three layers: rhythm, link, gathering.",
                parse("gemini", resource("gemini/after-agent.json")));
        assertThrows(BadPayload.class, () -> parse("gemini", resource("gemini/after-agent-no-response.json")));
        assertThrows(BadPayload.class, () -> parse("gemini", resource("gemini/not-an-object.json")));
    }

    @Test
    void unknownHarnessesAndBadHeadersAreRejected() {
        assertThrows(BadPayload.class, () -> parse("vim", "{}"));
        assertThrows(BadPayload.class, () -> HookEvent.parse("not a header\n{}".getBytes(StandardCharsets.UTF_8)));
        assertThrows(
                BadPayload.class,
                () -> HookEvent.parse("gather-hook 1 claude pane5 1\n{}".getBytes(StandardCharsets.UTF_8)));
        assertThrows(BadPayload.class, () -> HookEvent.parse(new byte[0]));
    }

    private String parse(String harness, String payload) {
        HookEvent e =
                HookEvent.parse((HookEvent.header(harness, "%3", Instant.now().toEpochMilli()) + "\n" + payload)
                        .getBytes(StandardCharsets.UTF_8));
        return parsers.text(e);
    }

    static String resource(String name) throws IOException {
        try (InputStream in = HookParsersTest.class.getResourceAsStream("/hooks/" + name)) {
            if (in == null) {
                throw new IOException("missing test resource hooks/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
