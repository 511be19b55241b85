package dev.gather.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** In raw mode Ctrl-C and Ctrl-D reach the sim as bytes; it must still let the user out. */
class InputReaderTest {
    private static InputReader reader(String typed) {
        return new InputReader(
                new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)),
                box -> {},
                sinceInput -> InputReader.Key.SUBMIT);
    }

    @Test
    void ctrlCQuitsEvenWithTextTyped() throws Exception {
        InputReader r = reader("hello\rhalf\u0003never read\r");
        assertEquals("hello", r.next());
        assertNull(r.next());
    }

    @Test
    void ctrlDQuitsOnAnEmptyBoxOnly() throws Exception {
        InputReader r = reader("ab\u0004c\r\u0004more\r");
        assertEquals("abc", r.next());
        assertNull(r.next());
    }

    @Test
    void insideAPasteTheyAreText() throws Exception {
        InputReader r = reader("\u001b[200~a\u0003b\u001b[201~\r");
        assertEquals("a\u0003b", r.next());
    }

    @Test
    void theBoxIsDrawnOnceForAllThatArrivedTogetherNotOnceAByte() throws Exception {
        String paste = "x".repeat(3000);
        List<String> drawn = new ArrayList<>();
        InputReader r = new InputReader(
                new Arriving("\u001b[200~" + paste + "\u001b[201~", " and more", "\r"),
                drawn::add,
                sinceInput -> InputReader.Key.SUBMIT);
        assertEquals(paste + " and more", r.next());
        // the lengths of what each drawing showed: the paste, then the paste with what followed it
        assertEquals(
                List.of(paste.length(), (paste + " and more").length()),
                drawn.stream().map(String::length).toList());
        assertEquals(paste + " and more", drawn.get(1));
    }

    /** A terminal's input: each part arrives at once, and only once the one before it was read. */
    private static final class Arriving extends InputStream {
        private final List<byte[]> parts = new ArrayList<>();
        private int part;
        private int at;

        Arriving(String... parts) {
            for (String p : parts) {
                this.parts.add(p.getBytes(StandardCharsets.UTF_8));
            }
        }

        @Override
        public int read() {
            while (part < parts.size() && at == parts.get(part).length) {
                part++;
                at = 0;
            }
            return part == parts.size() ? -1 : parts.get(part)[at++];
        }

        @Override
        public int available() {
            return part == parts.size() ? 0 : parts.get(part).length - at;
        }
    }
}
