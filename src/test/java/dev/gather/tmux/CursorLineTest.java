package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What "nothing gather would type onto" means on a screen whose input box gather cannot read. */
class CursorLineTest {
    private static InputBox.State at(String screen, int x, int y) {
        return CursorLine.read(screen, new Terminal("prog", 1, "/dev/pts/1", x, y));
    }

    @Test
    void aFreshLineOrAPromptWithNothingAfterItTakesText() {
        assertEquals(InputBox.State.EMPTY, at("hello\n", 0, 1));
        assertEquals(InputBox.State.EMPTY, at("Bo is ready.\n> ", 2, 1));
        assertEquals(InputBox.State.EMPTY, at(">>> ", 4, 0));
        assertEquals(InputBox.State.EMPTY, at("Your name: ", 11, 0));
        assertEquals(InputBox.State.EMPTY, at("out\n", 0, 7), "a row below the capture is blank");
    }

    @Test
    void wordsLeftOrRightOfTheCursorMayBeSomeonesInput() {
        assertEquals(InputBox.State.HOLDS, at("> half typed", 12, 0));
        assertEquals(InputBox.State.HOLDS, at("> half typed", 2, 0), "the cursor moved back into the words");
        assertEquals(InputBox.State.HOLDS, at("  some text in an editor", 9, 0));
    }
}
