package dev.gather.tmux;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;

/**
 * A TUI-like test program: turns on bracketed paste, reads the raw terminal (run it after
 * {@code stty raw -echo}) and records in args[0] each paste (PASTE base64), each Enter outside a
 * paste (ENTER) and any other byte outside a paste (KEY base64), as a TUI would see them.
 */
public final class PasteRecorder {
    private static final byte[] START = "\u001b[200~".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "\u001b[201~".getBytes(StandardCharsets.US_ASCII);

    private PasteRecorder() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        System.out.print("\u001b[?2004hready> ");
        System.out.flush();
        LineEcho.record(out, "READY");
        InputStream in = System.in;
        ByteArrayOutputStream paste = null;
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            pending.write(b);
            byte[] p = pending.toByteArray();
            if (paste == null) {
                if (Arrays.equals(p, START)) {
                    paste = new ByteArrayOutputStream();
                    pending.reset();
                } else if (!isPrefix(p, START)) {
                    for (byte x : p) {
                        if (x == '\r') {
                            LineEcho.record(out, "ENTER");
                            System.out.print("\r\nsubmitted\r\nready> ");
                        } else {
                            LineEcho.record(out, "KEY " + Base64.getEncoder().encodeToString(new byte[] {x}));
                        }
                    }
                    System.out.flush();
                    pending.reset();
                }
            } else if (Arrays.equals(p, END)) {
                LineEcho.record(out, "PASTE " + Base64.getEncoder().encodeToString(paste.toByteArray()));
                System.out.print("[pasted " + paste.size() + " bytes]");
                System.out.flush();
                paste = null;
                pending.reset();
            } else if (!isPrefix(p, END)) {
                paste.write(p);
                pending.reset();
            }
        }
    }

    private static boolean isPrefix(byte[] p, byte[] of) {
        return p.length < of.length && Arrays.equals(p, 0, p.length, of, 0, p.length);
    }
}
