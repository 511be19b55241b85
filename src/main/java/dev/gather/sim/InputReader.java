package dev.gather.sim;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads what a terminal user submits, the way a TUI harness does with bracketed paste on: text
 * between {@code ESC[200~} and {@code ESC[201~} is one paste (its line breaks, which tmux and
 * terminals send as CR, are text), and a CR outside a paste submits everything typed so far, unless
 * the {@link Enter} policy says otherwise (harnesses that read a quick Enter as a newline, or drop
 * the first one).
 */
final class InputReader {
    private static final byte[] PASTE_START = "\u001b[200~".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PASTE_END = "\u001b[201~".getBytes(StandardCharsets.US_ASCII);

    /** What an Enter outside a paste does. */
    enum Key {
        SUBMIT,
        NEWLINE,
        IGNORE
    }

    /** Decides what an Enter does, given how long ago the last other input arrived. */
    interface Enter {
        Key press(long nanosSinceInput);
    }

    /** Redraws the input box with what is typed so far. */
    interface Box {
        void show(String typed);
    }

    private final InputStream in;
    private final Box box;
    private final Enter enter;

    InputReader(InputStream in, Box box, Enter enter) {
        this.in = in;
        this.box = box;
        this.enter = enter;
    }

    private static final byte CTRL_C = 0x03;
    private static final byte CTRL_D = 0x04;
    private static final byte CTRL_U = 0x15;

    /** The next submitted input, or null at end of input (or Ctrl-C, or Ctrl-D on an empty box). */
    String next() throws IOException {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        boolean pasting = false;
        long lastInput = System.nanoTime();
        boolean changed = false;
        int b;
        while ((b = in.read()) >= 0) {
            pending.write(b);
            byte[] p = pending.toByteArray();
            byte[] marker = pasting ? PASTE_END : PASTE_START;
            if (isPrefix(p, marker)) {
                if (p.length == marker.length) {
                    pasting = !pasting;
                    pending.reset();
                    lastInput = System.nanoTime();
                }
                changed = redraw(input, changed);
                continue;
            }
            pending.reset();
            for (byte x : p) {
                // raw mode delivers Ctrl-C and Ctrl-D as bytes: Ctrl-C quits, Ctrl-D quits on an empty box
                // (and, as in a shell, does nothing on a box with text)
                if (!pasting && (x == CTRL_C || x == CTRL_D)) {
                    if (x == CTRL_C || input.size() == 0) {
                        return null;
                    }
                    continue;
                }
                if (!pasting && x == CTRL_U) {
                    // as in a shell or a harness's box: a person clears what they typed
                    input.reset();
                    changed = true;
                    continue;
                }
                boolean lineBreak = x == '\r' || x == '\n';
                if (lineBreak && !pasting) {
                    Key k = enter.press(System.nanoTime() - lastInput);
                    if (k == Key.SUBMIT) {
                        return input.toString(StandardCharsets.UTF_8);
                    }
                    if (k == Key.NEWLINE) {
                        input.write('\n');
                        changed = true;
                        lastInput = System.nanoTime();
                    }
                    continue;
                }
                input.write(lineBreak ? '\n' : x);
                changed = true;
                lastInput = System.nanoTime();
            }
            changed = redraw(input, changed);
        }
        return input.size() == 0 ? null : input.toString(StandardCharsets.UTF_8);
    }

    /**
     * Draws the box once all that has arrived is read, as a terminal program draws after each read, not
     * after each byte: a paste of 3,000 bytes drew the box 3,000 times, each a write tmux had to take
     * in and tell the daemon about. Returns whether a change is still to draw.
     */
    private boolean redraw(ByteArrayOutputStream input, boolean changed) throws IOException {
        if (!changed || in.available() > 0) {
            return changed;
        }
        box.show(input.toString(StandardCharsets.UTF_8));
        return false;
    }

    private static boolean isPrefix(byte[] p, byte[] marker) {
        if (p.length > marker.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (p[i] != marker[i]) {
                return false;
            }
        }
        return true;
    }
}
