package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ControlProtocolTest {
    @Test
    void octalEscapesDecodeToRawBytes() {
        assertArrayEquals(
                "a\r\n\\b\u001b".getBytes(StandardCharsets.US_ASCII), OctalEscapes.decode("a\\015\\012\\134b\\033"));
        assertArrayEquals(new byte[] {'\\', '9'}, OctalEscapes.decode("\\9"));
    }

    @Test
    void utf8SplitAcrossChunksStaysWhole() {
        Utf8Stream s = new Utf8Stream();
        byte[] check = "✓".getBytes(StandardCharsets.UTF_8);
        assertEquals("a", s.feed(new byte[] {'a', check[0]}));
        assertEquals("", s.feed(new byte[] {check[1]}));
        assertEquals("✓b", s.feed(new byte[] {check[2], 'b'}));
    }

    @Test
    void quotingEscapesWhatTmuxWouldExpandAndNeverEmitsANewline() {
        assertEquals(
                "\"set-buffer\" \"a\\\"b\\\\c\\$HOME \\~ \\012\\011x\"",
                ControlQuoting.line(List.of("set-buffer", "a\"b\\c$HOME ~ \n\tx")));
    }
}
