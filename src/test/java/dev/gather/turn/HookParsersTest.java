package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.Homes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookParsersTest {
    @TempDir
    Path tmp;

    private Path claudeRoot;
    private HookParsers parsers;

    @BeforeEach
    void setUp() throws IOException {
        claudeRoot = Files.createDirectories(tmp.resolve("home/.claude"));
        parsers = HookParsers.withClaudeRoots(List.of(claudeRoot));
    }

    private String stopFor(String transcriptSample) throws IOException {
        Path project = Files.createDirectories(claudeRoot.resolve("projects/-home-ada-proj"));
        Path transcript = project.resolve("8f1c2a9e.jsonl");
        Files.writeString(transcript, Samples.text("claude/" + transcriptSample));
        return Samples.text("claude/stop.json").replace("TRANSCRIPT", transcript.toString());
    }

    private String parse(String harness, String payload) throws HookRejected {
        return parsers.parse(Samples.event(harness, payload)).text();
    }

    @Test
    void claudeOutputIsTheLastAssistantTextOfTheLastTurn() throws Exception {
        TurnOutput out = parsers.parse(Samples.event("claude", stopFor("transcript-tools.jsonl")));
        assertEquals(
                "`make build` installs missing tools, then runs `mvn package` to build target/gather.jar.", out.text());
        assertEquals("%7", out.pane());
        assertEquals("claude", out.harness());
        assertEquals(Instant.ofEpochMilli(1_700_000_000_000L), out.time());
    }

    @Test
    void claudeLastAssistantMessageFieldWinsWithoutReadingTheTranscript() throws Exception {
        assertEquals(
                "Done: the parser now rejects truncated payloads.",
                parse("claude", Samples.text("claude/stop-with-message.json")));
    }

    @Test
    void claudeTurnWithOnlyToolsAndThinkingIsEmptyNotAnOlderAnswer() throws Exception {
        String text = parse("claude", stopFor("transcript-no-text.jsonl"));
        assertEquals("", text);
    }

    @Test
    void claudeTranscriptCutMidLineIsRejected() throws Exception {
        HookRejected e = assertThrows(HookRejected.class, () -> parse("claude", stopFor("transcript-truncated.jsonl")));
        assertTrue(e.getMessage().contains("malformed"), e.getMessage());
    }

    @Test
    void claudeTruncatedAndMalformedPayloadsAreRejected() {
        assertTrue(assertThrows(HookRejected.class, () -> parse("claude", Samples.text("claude/stop-truncated.json")))
                .getMessage()
                .contains("not valid JSON"));
        assertThrows(HookRejected.class, () -> parse("claude", Samples.text("claude/stop-malformed.json")));
        assertThrows(HookRejected.class, () -> parse("claude", ""));
    }

    @Test
    void claudeTranscriptOutsideTheClaudeDirectoryIsNotRead() throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret.jsonl"), Samples.text("claude/transcript-tools.jsonl"));
        String outside = Samples.text("claude/stop-outside.json").replace("OUTSIDE", secret.toString());
        assertTrue(assertThrows(HookRejected.class, () -> parse("claude", outside))
                .getMessage()
                .contains("refusing"));
        String traversal = Samples.text("claude/stop-traversal.json").replace("ROOT", claudeRoot.toString());
        assertThrows(HookRejected.class, () -> parse("claude", traversal));
    }

    @Test
    void theUsersParsersReadClaudeTranscriptsUnderHomeOrClaudeConfigDir() throws Exception {
        String payload = stopFor("transcript-tools.jsonl"); // under tmp/home/.claude
        HookParsers byHome =
                HookParsers.forUser(Homes.of(Map.of("HOME", tmp.resolve("home").toString())));
        assertTrue(byHome.parse(Samples.event("claude", payload)).text().startsWith("`make build`"));
        Path configDir = Files.createDirectories(tmp.resolve("cc"));
        HookParsers byConfigDir = HookParsers.forUser(
                Homes.of(Map.of("HOME", tmp.resolve("home").toString(), "CLAUDE_CONFIG_DIR", configDir.toString())));
        assertThrows(HookRejected.class, () -> byConfigDir.parse(Samples.event("claude", payload)));
    }

    @Test
    void claudeSymlinkOutOfTheClaudeDirectoryIsNotFollowed() throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret.jsonl"), Samples.text("claude/transcript-tools.jsonl"));
        Path link = Files.createSymbolicLink(claudeRoot.resolve("link.jsonl"), secret);
        String payload = Samples.text("claude/stop-outside.json").replace("OUTSIDE", link.toString());
        assertThrows(HookRejected.class, () -> parse("claude", payload));
    }

    @Test
    void claudeMissingOrRelativeTranscriptIsRejected() {
        assertTrue(assertThrows(HookRejected.class, () -> parse("claude", Samples.text("claude/stop-missing.json")))
                .getMessage()
                .contains("does not exist"));
        String relative = Samples.text("claude/stop-outside.json").replace("OUTSIDE", "projects/x.jsonl");
        assertThrows(HookRejected.class, () -> parse("claude", relative));
    }

    @Test
    void codexOutputIsTheLastAssistantMessage() throws Exception {
        assertEquals(
                "Rename complete and verified `cargo build` succeeds.",
                parse("codex", Samples.text("codex/turn-complete.json")));
        assertEquals("", parse("codex", Samples.text("codex/no-message.json")));
    }

    @Test
    void codexNamesItsTurnByTheIdItsTranscriptUses() throws Exception {
        TurnOutput out = parsers.parse(Samples.event("codex", Samples.text("codex/notify-0.169-turn.json")));
        assertEquals(Optional.of("01a208d8-1aa5-7c03-bc08-d61ef1b27201"), out.turn());
        assertEquals(
                Optional.empty(),
                parsers.parse(Samples.event("gemini", Samples.text("gemini/after-agent.json")))
                        .turn(),
                "a hook that names no turn");
    }

    @Test
    void codexBadEventsAreRejected() {
        for (String bad : List.of("other-type.json", "truncated.json", "wrong-field-type.json")) {
            assertThrows(HookRejected.class, () -> parse("codex", Samples.text("codex/" + bad)), bad);
        }
    }

    @Test
    void geminiOutputIsThePromptResponse() throws Exception {
        assertEquals(
                "The README explains how gather lets agents in tmux panes talk to each other.",
                parse("gemini", Samples.text("gemini/after-agent.json")));
    }

    @Test
    void geminiBadEventsAreRejected() {
        for (String bad : List.of("before-agent.json", "truncated.json", "not-object.json")) {
            assertThrows(HookRejected.class, () -> parse("gemini", Samples.text("gemini/" + bad)), bad);
        }
    }

    @Test
    void simOutputIsItsLastMessage() throws Exception {
        assertEquals("Ada heard \"hello\" — reply #1", parse("sim", Samples.text("sim/reply.json")));
    }

    @Test
    void unknownHarnessIsRejected() {
        HookRejected e = assertThrows(HookRejected.class, () -> parse("aider", "{}"));
        assertTrue(e.getMessage().contains("unknown harness 'aider'"));
        assertFalse(e.getMessage().contains("\n"));
    }
}
