package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import dev.gather.testing.Fixtures;
import org.junit.jupiter.api.Test;

/** Codex CLI 0.169's real screens (screens/codex/, captured against FakeOpenAI) read with the shipped profile. */
class CodexScreensTest {
    private static final InputBox CODEX =
            Profiles.shipped().forKind("codex").quirks().input().orElseThrow();

    private static String screen(String name) {
        return Fixtures.text("screens/codex/" + name);
    }

    @Test
    void theRotatingPlaceholderIsAnEmptyBox() {
        String idle = screen("idle-empty.txt");
        BoxReading.assertReads(CODEX, idle, "› Ask Codex to do anything", InputBox.State.EMPTY);
        assertEquals(
                InputBox.State.EMPTY,
                CODEX.read(idle.replace("Ask Codex to do anything", "Find and fix a bug in @filename")));
    }

    @Test
    void typedTextIsOurs() {
        BoxReading.assertHoldsOurs(CODEX, screen("typed-text.txt"), "hello there", screen("idle-empty.txt"));
    }

    @Test
    void aMultiLinePasteShowsItsFirstLine() {
        String typed = screen("typed-multiline.txt");
        assertEquals(InputBox.State.HOLDS, CODEX.read(typed));
        assertTrue(CODEX.shows(typed, "first line\nsecond line"));
    }

    /** A 13-line paste pushes the "›" line far above the bottom lines; a quoted line in it is not the box. */
    @Test
    void aLongPasteIsFoundHoweverFarItPushedTheBoxLineUp() {
        StringBuilder lines = new StringBuilder("› [human] (1):\n\n  first line");
        for (int i = 2; i <= 12; i++) {
            lines.append(i == 6 ? "\n  > a quoted line" : "\n  line " + i);
        }
        String typed = screen("typed-multiline.txt").replace("› first line\n  second line", lines);
        assertEquals(InputBox.State.HOLDS, CODEX.read(typed));
        assertTrue(CODEX.shows(typed, "[human] (1):\n\nfirst line\nline 2"), typed);
        assertFalse(CODEX.shows(typed, "a quoted line"), typed);
    }

    @Test
    void theTranscriptAboveTheBoxIsNotTheBox() {
        String busy = screen("busy.txt");
        // the composer not drawn (between two views), the transcript's answer under the echoed prompt
        String noComposer = busy.substring(0, busy.indexOf("› Ask Codex"))
                + "• an answer line of the transcript\n".repeat(6)
                + "  its indented second line\n";
        BoxReading.assertReads(CODEX, noComposer, "› be SLOW please", InputBox.State.ABSENT);
        assertFalse(CODEX.shows(noComposer, "be SLOW please"));
    }

    @Test
    void aLongPasteShownAsAPlaceholderIsOurs() {
        String pasted = screen("typed-text.txt").replace("› hello there", "› [Pasted Content 1759 chars]");
        assertTrue(CODEX.shows(pasted, "line 0 of a long pasted message\n".repeat(30)));
    }

    /** Why busy is not read from Codex's screen: mid-turn it still draws an empty composer. */
    @Test
    void aBusyCodexStillDrawsAnEmptyComposer() {
        String busy = screen("busy.txt");
        BoxReading.assertReads(CODEX, busy, "• Working (", InputBox.State.EMPTY);
        String typedWhileBusy = screen("busy-typed.txt");
        BoxReading.assertReads(CODEX, typedWhileBusy, "tab to queue message", InputBox.State.HOLDS);
    }

    @Test
    void theToolApprovalListIsADialog() {
        BoxReading.assertDialog(CODEX, screen("dialog-mcp-approval.txt"), "› ", "1. Allow");
    }
}
