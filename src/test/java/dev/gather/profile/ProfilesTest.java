package dev.gather.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.rhythm.RhythmException;
import dev.gather.tmux.InputBox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfilesTest {
    @TempDir
    Path home;

    @Test
    void everyShippedProfileLoadsAndTheHarnessesHaveWhatDeliveryNeeds() {
        Profiles shipped = Profiles.shipped();
        assertEquals(List.of("claude", "codex", "gemini", "generic", "shell", "sim"), shipped.names());
        for (String agent : List.of("claude", "codex", "gemini")) {
            Profile p = shipped.forKind(agent);
            assertTrue(p.quirks().input().isPresent(), agent + " has an input box to confirm submits");
            assertEquals(Profile.TurnSignal.HOOK, p.turns().signal(), agent);
            assertTrue(p.transcripts().isPresent(), agent);
        }
        assertTrue(
                shipped.forKind("codex").quirks().enterGap().compareTo(Duration.ofMillis(120)) > 0,
                "Codex reads an Enter within 120 ms as a newline");
        assertEquals("claude", shipped.recognise("claude").orElseThrow().name());
        assertEquals("shell", shipped.recognise("bash").orElseThrow().name());
        assertTrue(shipped.recognise("vim").isEmpty());
    }

    @Test
    void aShellIsNeverTypedInto() {
        Profile shell = Profiles.shipped().forKind("shell");
        assertTrue(shell.quirks().showOnly(), "its words are shown on the screen, never typed");
        assertEquals(Profile.TurnSignal.NONE, shell.turns().signal(), "shown words start no turn");
        for (String name : List.of("bash", "zsh", "fish", "sh", "dash")) {
            assertEquals(
                    "shell", Profiles.shipped().recognise(name).orElseThrow().name(), name);
        }
    }

    @Test
    void aUserProfileOverridesTheShippedOneAndABrokenOneIsIgnored() throws IOException {
        Path dir = Files.createDirectories(home.resolve("profiles"));
        Files.writeString(
                dir.resolve("codex.yaml"),
                """
                profile: codex
                typing: {enter_gap: 400ms}
                ready: {quiet: 1s, timeout: 30s}
                turns: {signal: hook}
                """);
        Files.writeString(dir.resolve("claude.yaml"), "profile: claude\ntyping: {enter_gap: soon}\n");
        Files.writeString(dir.resolve("gemini.yaml"), "r: &r {a: *r}\n");
        Profiles p = Profiles.load(List.of(dir));
        assertEquals(Duration.ofMillis(400), p.forKind("codex").quirks().enterGap());
        assertEquals(Duration.ofMillis(150), p.forKind("claude").quirks().enterGap(), "the shipped claude stays");
        assertEquals("gemini", p.forKind("gemini").name(), "a self-referencing file is refused, not followed");
    }

    /** A profile breaking the profile rules on lines 2 and 3, with {@code turns} as given. */
    private static String broken(String turns) {
        return """
                profile: bad
                typing: {enter_gap: 100ms, command_leaders: "/"}
                input_box: {line: '^> (?<txt>.*)$', placeholders: ['[unclosed']}
                ready: {quiet: 1s, timeout: 30s}
                turns: %s
                """
                .formatted(turns);
    }

    @Test
    void errorsNameFileLineColumnAndRule() {
        RhythmException e = assertThrows(
                RhythmException.class,
                () -> ProfileLoader.parse("profiles/bad.yaml", broken("{signal: hook, grace: often}")));
        String all = e.getMessage();
        assertTrue(all.contains("profiles/bad.yaml:5:"), all);
        assertTrue(all.contains("[schema.duration]"), all);
        RhythmException rules = assertThrows(
                RhythmException.class, () -> ProfileLoader.parse("profiles/bad.yaml", broken("{signal: hook}")));
        String msg = rules.getMessage();
        assertTrue(msg.contains("profiles/bad.yaml:2:") && msg.contains("[profile.neutralizer]"), msg);
        assertTrue(msg.contains("profiles/bad.yaml:3:") && msg.contains("[profile.input-group]"), msg);
        assertTrue(msg.contains("input_box.placeholders[0] is not a valid regular expression"), msg);
        assertTrue(msg.contains("[profile.regex]"), msg);
    }

    /**
     * A duration too long for the timers' nanoseconds is the schema's error at its key's line: before,
     * it passed the schema and lint said only "For input string" at 1:1.
     */
    @Test
    void aDurationTooLongIsRefusedWithItsLine() {
        String all = assertThrows(
                        RhythmException.class,
                        () -> ProfileLoader.parse(
                                "profiles/bad.yaml", broken("{signal: hook, grace: 99999999999999999999999s}")))
                .getMessage();
        assertTrue(all.contains("profiles/bad.yaml:5:"), all);
        assertTrue(
                all.contains("turns.grace must be a duration like 90s, 2m, 1m30s or 500ms, at most six digits a unit"),
                all);
        assertTrue(all.contains("[schema.duration]"), all);
        assertFalse(all.contains("For input string"), all);
    }

    /** Ready means quiet that long: a timeout no longer than the quiet reports every member unreachable. */
    @Test
    void aReadyTimeoutNoLongerThanItsQuietIsRefusedWithItsLine() {
        RhythmException e = assertThrows(
                RhythmException.class,
                () -> ProfileLoader.parse(
                        "profiles/hasty.yaml",
                        """
                        profile: hasty
                        typing: {enter_gap: 0ms}
                        ready:
                          quiet: 2s
                          timeout: 2s
                        turns: {signal: none}
                        """));
        assertEquals(
                "profiles/hasty.yaml:5:12: ready.timeout must be longer than ready.quiet (2s): no harness could be"
                        + " ready in time [profile.ready]",
                e.getMessage());
    }

    @Test
    void theInputBoxIsReadFromTheBottomOfTheScreen() {
        InputBox claude = Profiles.shipped().forKind("claude").quirks().input().orElseThrow();
        assertEquals(InputBox.State.EMPTY, claude.read("> earlier message\n⏺ Done.\n\n│ > │\n\n"));
        assertEquals(InputBox.State.EMPTY, claude.read("╭───╮\n│ > Try \"fix lint errors\" │\n╰───╯"));
        assertEquals(InputBox.State.HOLDS, claude.read("> [Pasted text #1 +3 lines]\n"));
        assertEquals(InputBox.State.ABSENT, claude.read("✻ Thinking…\n(esc to interrupt)\n\n"));
        String rule = "────────────────────────────────";
        String footer = "\n" + rule + "\n  ⏸ manual mode on · ? for shortcuts · ← for agents\n";
        assertEquals(InputBox.State.EMPTY, claude.read("❯ earlier words\n\n⏺ Done.\n\n" + rule + "\n❯ " + footer));
        assertEquals(
                InputBox.State.EMPTY, claude.read("done\n\n" + rule + "\n❯ try \"fix the failing test\"" + footer));
        assertEquals(
                InputBox.State.HOLDS, claude.read("wrote tests\n\n" + rule + "\n❯ now run the suite again" + footer));
        InputBox codex = Profiles.shipped().forKind("codex").quirks().input().orElseThrow();
        String status = "\n  gpt-5.5 medium · ~/workspace/project · Context 80% left\n";
        assertEquals(InputBox.State.EMPTY, codex.read("• Worked for 2m\n\n› Implement {feature}" + status));
        assertEquals(
                InputBox.State.EMPTY, codex.read("• Worked for 2m\n\n› Use /skills to list available skills" + status));
        assertEquals(InputBox.State.HOLDS, codex.read("• Working (5s • esc to interrupt)\n\n› [Ada] (1):" + status));
        InputBox sim = Profiles.shipped().forKind("sim").quirks().input().orElseThrow();
        // tmux trims the space after the prompt character
        assertEquals(InputBox.State.EMPTY, sim.read("Ada is ready.\n>\n\n\n"));
        assertEquals(InputBox.State.HOLDS, sim.read(">[Bo] (2): [+2 lines]"));
    }
}
