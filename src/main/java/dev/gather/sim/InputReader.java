package dev.gather.sim;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads what a terminal user submits, the way a TUI harness does with bracketed paste on: text
 * between {@code ESC[200~} and {@code ESC[201~} is one paste (its line breaks, which tmux and
 * terminals send as CR, are text), and a CR outside a paste submits everything typed so far.
 */
final class InputReader {
    private static final byte[] PASTE_START = "\u001b[200~".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PASTE_END = "\u001b[201~".getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private final Echo echo;

    /** Shows what arrives, as an input box would; a harness's screen reacting is how delivery is confirmed. */
    interface Echo {
        void show(byte[] bytes);
    }

    InputReader(InputStream in, Echo echo) {
        this.in = in;
        this.echo = echo;
    }

    /** The next submitted input, or null at end of input. */
    String next() throws IOException {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        boolean pasting = false;
        int b;
        while ((b = in.read()) >= 0) {
            pending.write(b);
            byte[] p = pending.toByteArray();
            byte[] marker = pasting ? PASTE_END : PASTE_START;
            if (isPrefix(p, marker)) {
                if (p.length == marker.length) {
                    pasting = !pasting;
                    pending.reset();
                }
                continue;
            }
            pending.reset();
            ByteArrayOutputStream shown = new ByteArrayOutputStream();
            for (byte x : p) {
                boolean lineBreak = x == '\r' || x == '\n';
                if (lineBreak && !pasting) {
                    echo.show(shown.toByteArray());
                    return input.toString(StandardCharsets.UTF_8);
                }
                if (lineBreak) {
                    input.write('\n');
                    shown.write('\r');
                    shown.write('\n');
                } else {
                    input.write(x);
                    shown.write(x);
                }
            }
            echo.show(shown.toByteArray());
        }
        return input.size() == 0 ? null : input.toString(StandardCharsets.UTF_8);
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
