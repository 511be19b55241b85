package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every harness's input box must read from its screens, asserted the same way for each harness. */
final class BoxReading {
    private BoxReading() {}

    /** {@code screen}, which shows {@code marker} (so the fixture is the one meant), reads as {@code state}. */
    static void assertReads(InputBox box, String screen, String marker, InputBox.State state) {
        assertTrue(screen.contains(marker), screen);
        assertEquals(state, box.read(screen));
    }

    /** {@code typed} holds {@code text} as ours; other words are not ours, nor is {@code text} in the {@code empty} box. */
    static void assertHoldsOurs(InputBox box, String typed, String text, String empty) {
        assertEquals(InputBox.State.HOLDS, box.read(typed));
        assertTrue(box.shows(typed, text));
        assertFalse(box.shows(typed, "something else"));
        assertFalse(box.shows(empty, text));
    }

    /** {@code dialog} offers {@code choice} behind its {@code marker}, and reads as a dialog, not as a box holding the choice. */
    static void assertDialog(InputBox box, String dialog, String marker, String choice) {
        assertTrue(dialog.contains(marker + choice), dialog);
        assertEquals(InputBox.State.DIALOG, box.read(dialog));
        assertFalse(box.shows(dialog, choice));
    }
}
