package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import dev.gather.testing.Fixtures;
import org.junit.jupiter.api.Test;

/** Gemini CLI 0.61's real screens (screens/gemini/, captured against a fake endpoint) read with the shipped profile. */
class GeminiScreensTest {
    private static final InputBox GEMINI =
            Profiles.shipped().forKind("gemini").quirks().input().orElseThrow();

    private static String screen(String name) {
        return Fixtures.text("screens/gemini/" + name);
    }

    @Test
    void theHintIsAnEmptyBox() {
        String idle = screen("idle-empty.txt");
        BoxReading.assertReads(GEMINI, idle, ">   Type your message or @path/to/file", InputBox.State.EMPTY);
    }

    @Test
    void typedTextIsOurs() {
        BoxReading.assertHoldsOurs(GEMINI, screen("typed-text.txt"), "hello gemini", screen("idle-empty.txt"));
    }

    @Test
    void aLongPasteShownAsAPlaceholderIsOurs() {
        String pasted = screen("typed-text.txt").replace("> hello gemini", "> [Pasted Text: 30 lines]");
        assertTrue(GEMINI.shows(pasted, "line\n".repeat(30)));
        // two paragraphs of about 480 characters: few lines, many characters (0.61)
        String chars = screen("typed-text.txt").replace("> hello gemini", "> [Pasted Text: 988 chars]");
        assertTrue(GEMINI.shows(chars, "a paragraph\n\nanother paragraph"));
    }

    /** Why busy is not read from Gemini's screen: mid-turn it still draws an empty box. */
    @Test
    void aBusyGeminiStillDrawsAnEmptyBox() {
        String busy = screen("busy.txt");
        BoxReading.assertReads(GEMINI, busy, "Thinking... (esc to cancel", InputBox.State.EMPTY);
    }

    @Test
    void theShellApprovalIsADialog() {
        BoxReading.assertDialog(GEMINI, screen("dialog-shell.txt"), "● ", "1. Allow once");
    }
}
