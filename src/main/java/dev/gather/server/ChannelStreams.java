package dev.gather.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.function.BooleanSupplier;

/** A connection's channel seen as what an op needs of it after its request line. */
final class ChannelStreams {
    private ChannelStreams() {}

    /**
     * The connection's bytes after the request line, read and written straight on the channel: the
     * streams of {@link Channels} hold one lock for reading and writing, so a session waiting for its
     * client's next line could not answer the last one.
     */
    static SocketServer.Connection takeover(SocketChannel client, BoundedLines in) {
        InputStream raw = new BlockInputStream() {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : client.read(ByteBuffer.wrap(b, off, len));
            }

            @Override
            public void close() throws IOException {
                client.shutdownInput();
            }
        };
        OutputStream out = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    client.write(buf);
                }
            }
        };
        return new SocketServer.Connection(in.rest(raw), out);
    }

    /**
     * Whether the client has gone, asked by a stream between its writes on the connection's own thread:
     * a non-blocking read of what the client sent (nothing is expected during a stream) sees its end.
     */
    static BooleanSupplier gone(SocketChannel client) {
        ByteBuffer ignored = ByteBuffer.allocate(256);
        return () -> {
            try {
                synchronized (client.blockingLock()) {
                    client.configureBlocking(false);
                    try {
                        ignored.clear();
                        return client.read(ignored) < 0;
                    } finally {
                        client.configureBlocking(true);
                    }
                }
            } catch (IOException e) {
                return true; // a reset connection has gone as surely as a closed one
            }
        };
    }
}
