package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Codex CLI 0.169's real screens (screens/codex/, captured against FakeOpenAI) read with the shipped profile. */
class CodexScreensTest {
    private static final InputBox CODEX =
            Profiles.shipped().forKind("codex").quirks().input().orElseThrow();

    static String screen(String name) {
        try (InputStream in = CodexScreensTest.class.getResourceAsStream("/screens/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture screens/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theRotatingPlaceholderIsAnEmptyBox() {
        String idle = screen("codex/idle-empty.txt");
        assertTrue(idle.contains("› Ask Codex to do anything"), idle);
        assertEquals(InputBox.State.EMPTY, CODEX.read(idle));
        assertEquals(
                InputBox.State.EMPTY,
                CODEX.read(idle.replace("Ask Codex to do anything", "Find and fix a bug in @filename")));
    }

    @Test
    void typedTextIsOurs() {
        String typed = screen("codex/typed-text.txt");
        assertEquals(InputBox.State.HOLDS, CODEX.read(typed));
        assertTrue(CODEX.shows(typed, "hello there"));
        assertFalse(CODEX.shows(typed, "something else"));
        assertFalse(CODEX.shows(screen("codex/idle-empty.txt"), "hello there"));
    }

    @Test
    void aMultiLinePasteShowsItsFirstLine() {
        String typed = screen("codex/typed-multiline.txt");
        assertEquals(InputBox.State.HOLDS, CODEX.read(typed));
        assertTrue(CODEX.shows(typed, "first line\nsecond line"));
    }

    @Test
    void aLongPasteShownAsAPlaceholderIsOurs() {
        String pasted = screen("codex/typed-text.txt").replace("› hello there", "› [Pasted Content 1759 chars]");
        assertTrue(CODEX.shows(pasted, "line 0 of a long pasted message\n".repeat(30)));
    }

    /** Why busy is not read from Codex's screen: mid-turn it still draws an empty composer. */
    @Test
    void aBusyCodexStillDrawsAnEmptyComposer() {
        String busy = screen("codex/busy.txt");
        assertTrue(busy.contains("• Working ("), busy);
        assertEquals(InputBox.State.EMPTY, CODEX.read(busy));
        String typedWhileBusy = screen("codex/busy-typed.txt");
        assertTrue(typedWhileBusy.contains("tab to queue message"), typedWhileBusy);
        assertEquals(InputBox.State.HOLDS, CODEX.read(typedWhileBusy));
    }

    @Test
    void theToolApprovalListIsADialog() {
        String dialog = screen("codex/dialog-mcp-approval.txt");
        assertTrue(dialog.contains("› 1. Allow"), dialog);
        assertEquals(InputBox.State.DIALOG, CODEX.read(dialog));
        assertFalse(CODEX.shows(dialog, "1. Allow"));
    }
}
