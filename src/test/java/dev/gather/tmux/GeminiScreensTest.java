package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import org.junit.jupiter.api.Test;

/** Gemini CLI 0.61's real screens (screens/gemini/, captured against a fake endpoint) read with the shipped profile. */
class GeminiScreensTest {
    private static final InputBox GEMINI =
            Profiles.shipped().forKind("gemini").quirks().input().orElseThrow();

    private static String screen(String name) {
        return CodexScreensTest.screen("gemini/" + name);
    }

    @Test
    void theHintIsAnEmptyBox() {
        String idle = screen("idle-empty.txt");
        assertTrue(idle.contains(">   Type your message or @path/to/file"), idle);
        assertEquals(InputBox.State.EMPTY, GEMINI.read(idle));
    }

    @Test
    void typedTextIsOurs() {
        String typed = screen("typed-text.txt");
        assertEquals(InputBox.State.HOLDS, GEMINI.read(typed));
        assertTrue(GEMINI.shows(typed, "hello gemini"));
        assertFalse(GEMINI.shows(typed, "something else"));
        assertFalse(GEMINI.shows(screen("idle-empty.txt"), "hello gemini"));
    }

    @Test
    void aLongPasteShownAsAPlaceholderIsOurs() {
        String pasted = screen("typed-text.txt").replace("> hello gemini", "> [Pasted Text: 30 lines]");
        assertTrue(GEMINI.shows(pasted, "line\n".repeat(30)));
    }

    /** Why busy is not read from Gemini's screen: mid-turn it still draws an empty box. */
    @Test
    void aBusyGeminiStillDrawsAnEmptyBox() {
        String busy = screen("busy.txt");
        assertTrue(busy.contains("Thinking... (esc to cancel"), busy);
        assertEquals(InputBox.State.EMPTY, GEMINI.read(busy));
    }

    @Test
    void theShellApprovalIsADialog() {
        String dialog = screen("dialog-shell.txt");
        assertTrue(dialog.contains("● 1. Allow once"), dialog);
        assertEquals(InputBox.State.DIALOG, GEMINI.read(dialog));
        assertFalse(GEMINI.shows(dialog, "1. Allow once"));
    }
}
