package dev.gather.door;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

/**
 * A WebSocket client (RFC 6455) over a Unix socket, as much of one as a request and its answer need:
 * the upgrade, masked text frames out, text messages in (continuations joined, pings answered), and a
 * close. Every step has a deadline (a non-blocking channel and a selector, as {@link UnixExchange}), so
 * a server that stops answering costs the caller its deadline, never a stuck thread. Written here
 * because Java's own client and the WebSocket libraries connect over TCP only; a Unix socket needs a
 * {@link SocketChannel}.
 */
final class UnixWebSocket implements AutoCloseable {
    private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    private static final int MAX_HEADERS = 16 * 1024;
    private static final int TEXT = 1;
    private static final int CONTINUATION = 0;
    private static final int CLOSE = 8;
    private static final int PING = 9;
    private static final int PONG = 10;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SocketChannel channel;
    private final Selector selector;
    private final int maxMessage;
    /** Bytes read and not yet used: {@code in[start, end)}. */
    private byte[] in = new byte[8192];

    private int start;
    private int end;

    private UnixWebSocket(SocketChannel channel, Selector selector, int maxMessage) {
        this.channel = channel;
        this.selector = selector;
        this.maxMessage = maxMessage;
    }

    /**
     * Connects to {@code socket} and upgrades {@code resource} to a WebSocket before {@code deadline}
     * ({@link System#nanoTime()}); messages longer than {@code maxMessage} bytes are refused.
     */
    static UnixWebSocket open(Path socket, String resource, long deadline, int maxMessage)
            throws IOException, TimeoutException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        UnixWebSocket ws;
        try {
            channel.configureBlocking(false);
            ws = new UnixWebSocket(channel, Selector.open(), maxMessage);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        try {
            UnixExchange.connect(channel, ws.selector, socket, deadline);
            ws.upgrade(resource, deadline);
            return ws;
        } catch (IOException | TimeoutException | RuntimeException e) {
            ws.close();
            throw e;
        }
    }

    private void upgrade(String resource, long deadline) throws IOException, TimeoutException {
        byte[] nonce = new byte[16];
        RANDOM.nextBytes(nonce);
        String key = Base64.getEncoder().encodeToString(nonce);
        write(
                ("GET " + resource + " HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " + key + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII),
                deadline);
        int headersEnd;
        while ((headersEnd = indexOf("\r\n\r\n".getBytes(StandardCharsets.US_ASCII))) < 0) {
            if (end - start > MAX_HEADERS) {
                throw new IOException("the server's upgrade answer is over " + MAX_HEADERS + " bytes");
            }
            fill(deadline);
        }
        String head = new String(in, start, headersEnd - start, StandardCharsets.ISO_8859_1);
        start = headersEnd + 4;
        String[] lines = head.split("\r\n");
        if (!lines[0].matches("HTTP/1\\.1 101( .*)?")) {
            throw new IOException("the server did not upgrade to a WebSocket: " + lines[0]);
        }
        String expected = accept(key);
        boolean accepted = Arrays.stream(lines)
                .skip(1)
                .anyMatch(l -> l.toLowerCase(Locale.ROOT).startsWith("sec-websocket-accept:")
                        && l.substring(l.indexOf(':') + 1).strip().equals(expected));
        if (!accepted) {
            throw new IOException("the server's Sec-WebSocket-Accept does not answer this upgrade's key");
        }
    }

    /** What a server must answer to {@code key} (RFC 6455 §4.2.2). */
    static String accept(String key) {
        try {
            byte[] sha1 =
                    MessageDigest.getInstance("SHA-1").digest((key + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(sha1);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-1", e);
        }
    }

    /** Sends {@code text} as one text frame, masked as a client's must be. */
    void send(String text, long deadline) throws IOException, TimeoutException {
        write(frame(TEXT, text.getBytes(StandardCharsets.UTF_8)), deadline);
    }

    /** The next text message; pings are answered on the way; a close from the server is an {@link IOException}. */
    String receive(long deadline) throws IOException, TimeoutException {
        byte[] message = new byte[0];
        boolean started = false;
        while (true) {
            need(2, deadline);
            int b0 = in[start] & 0xff;
            int b1 = in[start + 1] & 0xff;
            boolean fin = (b0 & 0x80) != 0;
            int op = b0 & 0x0f;
            int header = 2 + ((b1 & 0x80) != 0 ? 4 : 0);
            long length = b1 & 0x7f;
            if (length == 126) {
                need(4, deadline);
                length = ((in[start + 2] & 0xffL) << 8) | (in[start + 3] & 0xffL);
                header += 2;
            } else if (length == 127) {
                need(10, deadline);
                length = ByteBuffer.wrap(in, start + 2, 8).getLong();
                header += 8;
            }
            if (length < 0 || message.length + length > maxMessage) {
                throw new IOException("the server sent a message over " + maxMessage + " bytes");
            }
            need(header + (int) length, deadline);
            byte[] payload = Arrays.copyOfRange(in, start + header, start + header + (int) length);
            if ((b1 & 0x80) != 0) {
                unmask(payload, Arrays.copyOfRange(in, start + header - 4, start + header));
            }
            start += header + (int) length;
            if (op == PING) {
                write(frame(PONG, payload), deadline);
            } else if (op == CLOSE) {
                throw new IOException("the server closed the WebSocket");
            } else if (op == TEXT || (op == CONTINUATION && started)) {
                started = true;
                message = concat(message, payload);
                if (fin) {
                    return new String(message, StandardCharsets.UTF_8);
                }
            } else if (op != PONG) {
                throw new IOException("the server sent a WebSocket frame of kind " + op + " where text was due");
            }
        }
    }

    /** Says goodbye if the socket takes it at once, and lets go of the connection. */
    @Override
    public void close() {
        try {
            channel.write(ByteBuffer.wrap(frame(CLOSE, new byte[0])));
        } catch (IOException e) {
            // gone already: nothing to say goodbye to
        }
        try (selector;
                channel) {
            // the channel, then the selector that watched it
        } catch (IOException e) {
            // nothing more to let go of
        }
    }

    private static byte[] frame(int op, byte[] payload) {
        int n = payload.length;
        int lengthBytes = n < 126 ? 0 : n < 65536 ? 2 : 8;
        ByteBuffer f = ByteBuffer.allocate(2 + lengthBytes + 4 + n);
        f.put((byte) (0x80 | op));
        if (lengthBytes == 0) {
            f.put((byte) (0x80 | n));
        } else if (lengthBytes == 2) {
            f.put((byte) (0x80 | 126)).putShort((short) n);
        } else {
            f.put((byte) (0x80 | 127)).putLong(n);
        }
        byte[] mask = new byte[4];
        RANDOM.nextBytes(mask);
        byte[] masked = payload.clone();
        unmask(masked, mask);
        return f.put(mask).put(masked).array();
    }

    private static void unmask(byte[] payload, byte[] mask) {
        for (int i = 0; i < payload.length; i++) {
            payload[i] ^= mask[i % 4];
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private int indexOf(byte[] what) {
        for (int i = start; i + what.length <= end; i++) {
            if (Arrays.equals(in, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }

    /** Reads until {@code n} bytes are at hand. */
    private void need(int n, long deadline) throws IOException, TimeoutException {
        while (end - start < n) {
            fill(deadline);
        }
    }

    /** Reads what the socket has (at least one byte) after what is at hand, waiting no later than {@code deadline}. */
    private void fill(long deadline) throws IOException, TimeoutException {
        if (start > 0) {
            System.arraycopy(in, start, in, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == in.length) {
            in = Arrays.copyOf(in, in.length * 2);
        }
        while (true) {
            int n = channel.read(ByteBuffer.wrap(in, end, in.length - end));
            if (n < 0) {
                throw new IOException("the server closed the connection");
            }
            if (n > 0) {
                end += n;
                return;
            }
            await(SelectionKey.OP_READ, deadline, "reading from");
        }
    }

    private void write(byte[] bytes, long deadline) throws IOException, TimeoutException {
        UnixExchange.writeAll(channel, selector, bytes, deadline);
    }

    private void await(int op, long deadline, String doing) throws IOException, TimeoutException {
        UnixExchange.await(channel, selector, op, deadline, doing);
    }
}
