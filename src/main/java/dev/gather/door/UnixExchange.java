package dev.gather.door;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * Talks over a Unix socket without ever blocking past a deadline: connect, write, half-close, and
 * read until the other side closes. Non-blocking channels and a selector, so a peer that never
 * answers costs the caller its deadline and no thread stays stuck behind it.
 */
final class UnixExchange {
    private UnixExchange() {}

    /** Sends {@code out} to {@code socket}, half-closes, and returns what came back before the peer closed. */
    static byte[] send(Path socket, byte[] out, Duration deadline, int maxIn) throws IOException, TimeoutException {
        long end = System.nanoTime() + deadline.toNanos();
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                Selector selector = Selector.open()) {
            ch.configureBlocking(false);
            connect(ch, selector, socket, end);
            writeAll(ch, selector, out, end);
            ch.shutdownOutput();
            try {
                return readToEnd(ch, selector, end, maxIn);
            } catch (TimeoutException e) {
                throw new Unanswered(e.getMessage());
            }
        }
    }

    /**
     * Everything was written and half-closed, but the peer did not close within the deadline: it may
     * well have read and acted on what it got (a loaded Claude queues the message, then closes late).
     */
    static final class Unanswered extends TimeoutException {
        private static final long serialVersionUID = 1L;

        Unanswered(String message) {
            super(message);
        }
    }

    /** Reads until the peer closes, at most {@code maxIn} bytes, before {@code end} (nanoTime). */
    static byte[] readToEnd(SocketChannel ch, Selector selector, long end, int maxIn)
            throws IOException, TimeoutException {
        return read(ch, selector, end, maxIn, false);
    }

    /** Reads the first line (without its newline), at most {@code maxIn} bytes, before {@code end}. */
    static String firstLine(SocketChannel ch, Selector selector, long end, int maxIn)
            throws IOException, TimeoutException {
        String text = new String(read(ch, selector, end, maxIn, true), StandardCharsets.UTF_8);
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static byte[] read(SocketChannel ch, Selector selector, long end, int maxIn, boolean oneLine)
            throws IOException, TimeoutException {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(4096);
        while (true) {
            buf.clear();
            int n = ch.read(buf);
            if (n < 0) {
                return in.toByteArray();
            }
            if (n == 0) {
                await(ch, selector, SelectionKey.OP_READ, end, "reading from");
                continue;
            }
            in.write(buf.array(), 0, n);
            if (oneLine && containsNewline(buf.array(), n)) {
                return in.toByteArray();
            }
            if (in.size() > maxIn) {
                throw new IOException("the peer sent more than " + maxIn + " bytes");
            }
        }
    }

    private static boolean containsNewline(byte[] bytes, int n) {
        for (int i = 0; i < n; i++) {
            if (bytes[i] == '\n') {
                return true;
            }
        }
        return false;
    }

    /** Connects the non-blocking {@code ch} to {@code socket} before {@code end} (nanoTime). */
    static void connect(SocketChannel ch, Selector selector, Path socket, long end)
            throws IOException, TimeoutException {
        if (!ch.connect(UnixDomainSocketAddress.of(socket))) {
            await(ch, selector, SelectionKey.OP_CONNECT, end, "connecting to");
            ch.finishConnect();
        }
    }

    /** Writes all of {@code out} to the non-blocking {@code ch} before {@code end} (nanoTime). */
    static void writeAll(SocketChannel ch, Selector selector, byte[] out, long end)
            throws IOException, TimeoutException {
        ByteBuffer buf = ByteBuffer.wrap(out);
        while (buf.hasRemaining()) {
            if (ch.write(buf) == 0) {
                await(ch, selector, SelectionKey.OP_WRITE, end, "writing to");
            }
        }
    }

    /** Waits for {@code op} on {@code ch} until {@code end} (nanoTime), else {@link TimeoutException}. */
    static void await(SocketChannel ch, Selector selector, int op, long end, String doing)
            throws IOException, TimeoutException {
        SelectionKey key = ch.isRegistered() ? ch.keyFor(selector) : ch.register(selector, op);
        key.interestOps(op);
        long left = end - System.nanoTime();
        if (left <= 0 || selector.select(Math.max(1, left / 1_000_000)) == 0) {
            if (end - System.nanoTime() <= 0) {
                throw new TimeoutException("no progress " + doing + " the socket within the deadline");
            }
        }
        selector.selectedKeys().clear();
    }
}
