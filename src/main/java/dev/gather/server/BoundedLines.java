package dev.gather.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines of at most a fixed size. A longer line is reported the moment it
 * passes the limit (its sender may hold it open for ever) and its rest is discarded up to the next
 * newline without being kept, so no line can block an answer or exhaust memory.
 */
public final class BoundedLines {
    /** One read: a line without its terminator, a line past the limit, or the end of the stream. */
    public sealed interface Next {}

    /** A whole line, its {@code \n} (and a {@code \r} before it) removed. */
    public record Line(byte[] bytes) implements Next {}

    /** A line longer than the limit; what follows of it up to its newline will be skipped. */
    public record TooLong(int limit) implements Next {}

    /** The stream has ended. */
    public record End() implements Next {}

    private final InputStream in;
    private final int limit;
    // small: a daemon holds one per open connection, and most connections are idle
    private final byte[] buf = new byte[1 << 13];
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private int pos;
    private int end;
    private boolean discarding;

    public BoundedLines(InputStream in, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive (was " + limit + ")");
        }
        this.in = in;
        this.limit = limit;
    }

    /** Blocks for the next line; after a {@link TooLong}, the next call first skips that line's rest. */
    public Next next() throws IOException {
        while (true) {
            if (pos == end) {
                end = in.read(buf);
                pos = 0;
                if (end < 0) {
                    end = 0;
                    boolean partial = line.size() > 0 && !discarding;
                    discarding = false;
                    byte[] last = line.toByteArray();
                    line.reset();
                    return partial ? new Line(strip(last)) : new End();
                }
                continue;
            }
            int nl = indexOf(buf, pos, end, (byte) '\n');
            int stop = nl < 0 ? end : nl;
            if (!discarding) {
                int size = line.size() + (stop - pos);
                // one byte past the limit may be the \r of a \r\n still to come; any other is content
                if (size > limit + 1 || (size == limit + 1 && stop > pos && buf[stop - 1] != '\r')) {
                    discarding = true;
                    line.reset();
                    if (nl < 0) {
                        pos = end;
                    }
                    // the caller answers now; the rest of the line is skipped on the next call
                    return new TooLong(limit);
                }
                line.write(buf, pos, stop - pos);
            }
            pos = nl < 0 ? end : nl + 1;
            if (nl >= 0) {
                if (discarding) {
                    discarding = false;
                    continue;
                }
                byte[] whole = strip(line.toByteArray());
                line.reset();
                if (whole.length > limit) {
                    discarding = false;
                    return new TooLong(limit);
                }
                return new Line(whole);
            }
        }
    }

    /**
     * The stream after the last line returned: what was read ahead of it first, then {@code then} (the
     * same source, perhaps read another way). For a connection that turns from lines into a byte stream
     * (an MCP session bridged to the daemon); no line may be read after this.
     */
    public InputStream rest(InputStream then) {
        return new BlockInputStream() {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (pos < end) {
                    int n = Math.min(len, end - pos);
                    System.arraycopy(buf, pos, b, off, n);
                    pos += n;
                    return n;
                }
                return then.read(b, off, len);
            }

            @Override
            public void close() throws IOException {
                then.close();
            }
        };
    }

    private static byte[] strip(byte[] bytes) {
        int n = bytes.length;
        return n > 0 && bytes[n - 1] == '\r' ? Arrays.copyOf(bytes, n - 1) : bytes;
    }

    private static int indexOf(byte[] b, int from, int to, byte wanted) {
        for (int i = from; i < to; i++) {
            if (b[i] == wanted) {
                return i;
            }
        }
        return -1;
    }
}
