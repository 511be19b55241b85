package dev.gather.delivery;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Base64;

/**
 * A test program that starts as Codex does: it draws its input box at once (placeholder and all) over
 * a loading screen, then reads no input for args[1] milliseconds while it loads; what was typed
 * meanwhile waits in the terminal and shows only afterwards. Then a bracketed paste goes into its one-line box and
 * Enter submits the box, recorded in args[0] as {@code SUBMIT <base64>}; with args[2], an Enter that
 * comes sooner than that many milliseconds after its start is ignored (it still loads behind the box
 * it drew, as a slow Codex does). Run it after {@code stty raw -echo}.
 */
public final class LoadingHarness {
    private static final byte[] START = "\u001b[200~".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "\u001b[201~".getBytes(StandardCharsets.US_ASCII);

    private LoadingHarness() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        Path out = Path.of(args[0]);
        long deafUntil = System.nanoTime() + (args.length > 2 ? Long.parseLong(args[2]) : 0) * 1_000_000;
        System.out.print("\u001b[?2004h  loading\r\n\r\n› Ask me anything\r\n");
        System.out.flush();
        Thread.sleep(Long.parseLong(args[1])); // the program's own start-up, not a wait of a test
        StringBuilder box = new StringBuilder();
        draw(box);
        InputStream in = System.in;
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        ByteArrayOutputStream paste = null;
        int b;
        while ((b = in.read()) != -1) {
            pending.write(b);
            byte[] p = pending.toByteArray();
            if (paste == null && Arrays.equals(p, START)) {
                paste = new ByteArrayOutputStream();
                pending.reset();
            } else if (paste != null && Arrays.equals(p, END)) {
                box.append(paste.toString(StandardCharsets.UTF_8));
                paste = null;
                pending.reset();
                draw(box);
            } else if (!isPrefix(p, paste == null ? START : END)) {
                if (paste != null) {
                    paste.write(p);
                } else if (b == '\r' && System.nanoTime() - deafUntil >= 0) {
                    Files.writeString(
                            out,
                            "SUBMIT "
                                    + Base64.getEncoder()
                                            .encodeToString(box.toString().getBytes(StandardCharsets.UTF_8))
                                    + "\n",
                            StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                    box.setLength(0);
                    draw(box);
                }
                pending.reset();
            }
        }
    }

    private static void draw(StringBuilder box) {
        System.out.print("\u001b[2J\u001b[H  ready\r\n\r\n› " + (box.isEmpty() ? "Ask me anything" : box) + "\r\n");
        System.out.flush();
    }

    private static boolean isPrefix(byte[] p, byte[] of) {
        return p.length < of.length && Arrays.equals(p, 0, p.length, of, 0, p.length);
    }
}
