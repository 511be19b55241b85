package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import org.junit.jupiter.api.Test;

/** The box as Claude Code 2.1.330 draws it (captured from the real harness), read the way the deliverer reads it. */
class InputBoxTest {
    private static final InputBox CLAUDE =
            Profiles.shipped().forKind("claude").quirks().input().orElseThrow();
    private static final String RULE = "─".repeat(60);
    private static final String FOOTER = "\n" + RULE + "\n  ⏵⏵ auto mode on (shift+tab to cycle)\n\n";

    private static String box(String line) {
        return " ▐▛███▜▌   Claude Code v2.1.330\n\n\n" + RULE + "\n" + line + FOOTER;
    }

    @Test
    void claudesEmptyPromptIsANoBreakSpaceAndReadsEmpty() {
        assertEquals(InputBox.State.EMPTY, CLAUDE.read(box("❯\u00a0 ")));
        assertEquals(InputBox.State.EMPTY, CLAUDE.read(box("❯\u00a0\u200b")));
    }

    @Test
    void typedTextIsOursOnlyWhenItIsWhatWeTyped() {
        String screen = box("❯\u00a0hello there ");
        BoxReading.assertHoldsOurs(CLAUDE, screen, "hello there", box("❯\u00a0 "));
        assertTrue(CLAUDE.shows(screen, " hello there\nsecond line"));
    }

    @Test
    void aLongPasteShownAsAPlaceholderIsOurs() {
        assertTrue(CLAUDE.shows(box("❯ [Pasted text #1 +20 lines]"), "[Ada] (1):\n\n" + "line\n".repeat(20)));
    }

    @Test
    void aPermissionListIsADialogNotABoxHoldingText() {
        String dialog = " Bash command\n   touch pwned\n Do you want to proceed?\n ❯ 1. Yes\n"
                + "   2. Yes, and don't ask again for touch commands\n   3. No, and tell Claude what to do differently (esc)\n";
        assertEquals(InputBox.State.DIALOG, CLAUDE.read(dialog));
        assertFalse(CLAUDE.shows(dialog, "1. Yes"));
    }
}
