package dev.gather.tmux;

import java.time.Duration;
import java.util.Optional;

/**
 * Shows words on a pane's screen without typing them: written to the terminal's output side, which
 * the pane's program (a person's shell) never reads, so no character of them can run. The line the
 * cursor stood on (the shell's prompt and whatever was typed after it) is drawn again beneath them,
 * with the cursor where it was: the shell's line editor still holds that line and goes on editing it.
 */
final class OnScreen {
    private static final char ESC = 0x1b;

    private OnScreen() {}

    /** Writes {@code words} (sanitized) to {@code paneId}'s screen; throws {@link TmuxException}. */
    static DeliveryResult show(Tmux tmux, String paneId, String words, long start) {
        Optional<Terminal> t = tmux.terminal(paneId);
        if (t.isEmpty()) {
            throw new TmuxException(TmuxException.Kind.NO_PANE, "can't find pane: " + paneId);
        }
        String[] rows = tmux.capture(paneId, 0).split("\n", -1);
        int y = t.get().cursorY();
        String row = y >= 0 && y < rows.length ? rows[y] : "";
        tmux.show(paneId, framed(words, row, t.get().cursorX()));
        return new DeliveryResult.Delivered(
                paneId, Duration.ofNanos(System.nanoTime() - start), 0, "shown on its screen, not typed");
    }

    /** The bytes written: the words on lines of their own, then the cursor's line as it was. */
    static String framed(String words, String row, int cursorX) {
        String left = row.substring(0, Math.min(Math.max(cursorX, 0), row.length()));
        StringBuilder out = new StringBuilder();
        // start on a fresh line, leaving the prompt (and anything typed on it) above the words
        out.append(left.isBlank() ? "\r" : "\r\n");
        out.append(words.replace("\n", "\r\n")).append("\r\n");
        if (!row.isBlank()) {
            out.append(row).append('\r');
            if (cursorX > 0) {
                out.append(ESC).append('[').append(cursorX).append('C');
            }
        }
        return out.toString();
    }
}
