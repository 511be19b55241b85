package dev.gather.tmux;

import java.util.regex.Pattern;

/**
 * How a program whose input box gather cannot read is judged before anything is typed into it: by
 * the line the terminal's cursor stands on. It holds nothing gather would type onto when, right of
 * the cursor, the line is blank and, left of it, the line is blank or ends in a prompt sign
 * ({@code > $ # % : ? ❯ › »}, then spaces): a fresh line or a prompt with nothing typed after it.
 * Anything else (a person's half-typed words, a full-screen program's cursor in its text) may be
 * someone's input, and a message waits rather than be typed onto it.
 */
final class CursorLine {
    private static final Pattern PROMPT_END = Pattern.compile(".*[>$#%:?❯›»]\\s*");

    private CursorLine() {}

    /** EMPTY when the cursor's line holds nothing gather would type onto, else HOLDS. */
    static InputBox.State read(String screen, Terminal t) {
        String[] rows = screen.split("\n", -1);
        int y = t.cursorY();
        if (y < 0 || y >= rows.length) {
            return InputBox.State.EMPTY; // the cursor is on a row capture left out: a blank one
        }
        String row = InputBox.plain(rows[y]);
        int x = Math.min(Math.max(t.cursorX(), 0), row.length());
        String left = row.substring(0, x);
        String right = row.substring(x);
        if (!right.isBlank()) {
            return InputBox.State.HOLDS;
        }
        return left.isBlank() || PROMPT_END.matcher(left).matches() ? InputBox.State.EMPTY : InputBox.State.HOLDS;
    }
}
