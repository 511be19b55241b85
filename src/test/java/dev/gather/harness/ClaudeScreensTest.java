package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profiles;
import dev.gather.tmux.InputBox;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shipped claude profile read against real screens of Claude Code 2.1.330 (plain {@code
 * capture-pane -p} of the pinned version in tmux, kept in {@code screens/claude/}). When a release
 * changes its screen, capture the new one here and see which signal broke.
 */
class ClaudeScreensTest {
    private static final InputBox BOX =
            Profiles.shipped().forKind("claude").quirks().input().orElseThrow();

    @ParameterizedTest(name = "{0} reads {1}")
    @CsvSource({
        // "❯" + U+00A0 and nothing else: the box is empty even though the no-break space is not \s
        "idle-empty, EMPTY",
        "typed-text, HOLDS",
        // a pasted newline is text in the box, drawn on the lines under "❯ line one"
        "multi-line, HOLDS",
        "pasted, HOLDS",
        // Claude keeps an empty box under its spinner (text typed now is queued for later), so the
        // box cannot tell busy: the turn cycle does (delivered, then the Stop hook)
        "busy, EMPTY",
        // a selection list draws its cursor "❯" indented: never the input box, never typed into
        "permission-dialog, DIALOG",
        "trust-dialog, DIALOG",
        "auto-mode-offer, DIALOG",
    })
    void theProfileReadsEachRealScreen(String screen, InputBox.State expected) throws IOException {
        assertEquals(expected, BOX.read(screen(screen)), screen);
    }

    @ParameterizedTest(name = "{0} shows {1}: {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "typed-text | hello there | true",
                // only the first line's start is compared: Claude draws the rest on the lines below
                "multi-line | line one\\nline two\\nline three | true",
                // a long paste is a placeholder, which shows our text as far as anyone can tell
                "pasted | pasted line 0 | true",
                "idle-empty | hello there | false",
                "typed-text | something else | false",
                "busy | be slow | false",
                // Enter is never pressed on a dialog, whatever it shows
                "permission-dialog | do it | false",
                "trust-dialog | No, exit | false",
            })
    void enterIsOnlyPressedWhileTheBoxShowsOurText(String screen, String typed, boolean shows) throws IOException {
        assertEquals(shows, BOX.shows(screen(screen), typed.replace("\\n", "\n")), screen);
    }

    @ParameterizedTest(name = "{0} has U+00A0 after its prompt")
    @CsvSource({"idle-empty", "busy"})
    void theEmptyBoxIsThePromptAndANoBreakSpace(String screen) throws IOException {
        assertTrue(screen(screen).lines().anyMatch(l -> l.equals("❯\u00a0")), "the fixture is the real screen");
    }

    static String screen(String name) throws IOException {
        try (InputStream in = ClaudeScreensTest.class.getResourceAsStream("/screens/claude/" + name + ".txt")) {
            if (in == null) {
                throw new IOException("no fixture screens/claude/" + name + ".txt");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
