package dev.gather.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
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
}
