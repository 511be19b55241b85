package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {
    @Test
    void splitsLinesDropsTheTerminatorsAndKeepsALastUnterminatedLine() throws IOException {
        BoundedLines lines = new BoundedLines(trickle("a\r\n\nbc\nlast", 2), 10);
        assertLine("a", lines.next());
        assertLine("", lines.next());
        assertLine("bc", lines.next());
        assertLine("last", lines.next());
        assertInstanceOf(BoundedLines.End.class, lines.next());
    }

    @Test
    void aLineAtTheLimitPassesOneByteMoreIsTooLongAndTheNextLineIsRead() throws IOException {
        BoundedLines lines = new BoundedLines(trickle("12345\r\n123456\nok\n", 3), 5);
        assertLine("12345", lines.next());
        assertInstanceOf(BoundedLines.TooLong.class, lines.next());
        assertLine("ok", lines.next());
        assertInstanceOf(BoundedLines.End.class, lines.next());
    }

    @Test
    void aLongLineHeldOpenIsReportedWithoutReadingOnForItsEnd() throws IOException {
        byte[] sent = "x".repeat(100).getBytes(StandardCharsets.US_ASCII);
        // the sender stops here and holds the line open: reading more would block for ever
        InputStream heldOpen = new InputStream() {
            private final ByteArrayInputStream data = new ByteArrayInputStream(sent);

            @Override
            public int read() {
                throw new AssertionError("single-byte reads are not used");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (data.available() == 0) {
                    throw new AssertionError("read on past the limit instead of answering");
                }
                return data.read(b, off, Math.min(len, 7));
            }
        };
        assertEquals(new BoundedLines.TooLong(50), new BoundedLines(heldOpen, 50).next());
    }

    @Test
    void theRestOfAnOverLongLineIsSkippedAcrossReads() throws IOException {
        String huge = "y".repeat(50_000);
        BoundedLines lines = new BoundedLines(trickle(huge + "\nafter\n" + huge, 1000), 100);
        assertInstanceOf(BoundedLines.TooLong.class, lines.next());
        assertLine("after", lines.next());
        assertInstanceOf(BoundedLines.TooLong.class, lines.next());
        assertInstanceOf(BoundedLines.End.class, lines.next());
    }

    private static void assertLine(String expected, BoundedLines.Next next) {
        assertArrayEquals(
                expected.getBytes(StandardCharsets.UTF_8),
                assertInstanceOf(BoundedLines.Line.class, next).bytes());
    }

    /** {@code text} handed out at most {@code chunk} bytes per read, as a pipe would. */
    private static InputStream trickle(String text, int chunk) {
        ByteArrayInputStream data = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        return new InputStream() {
            @Override
            public int read() {
                return data.read();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                return data.read(b, off, Math.min(len, chunk));
            }
        };
    }
}
