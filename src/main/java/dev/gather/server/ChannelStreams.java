package dev.gather.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.function.BooleanSupplier;
import org.newsclub.net.unix.AFUNIXSocketChannel;

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
     * a read of what the client sent (nothing is expected during a stream) that does not wait sees its
     * end. junixsocket's channel reads 0, not -1, at the end when not blocking, so on its channels the
     * read is a blocking one of at most a millisecond on the socket's stream, which does tell the end:
     * a stream whose client had closed (a web page reloaded) was otherwise held until it next wrote.
     */
    static BooleanSupplier gone(SocketChannel client) {
        byte[] ignored = new byte[256];
        if (client instanceof AFUNIXSocketChannel af) {
            return () -> {
                synchronized (af.blockingLock()) {
                    try {
                        Socket s = af.socket();
                        s.setSoTimeout(1);
                        try {
                            return s.getInputStream().read(ignored) < 0;
                        } catch (SocketTimeoutException stillThere) {
                            return false;
                        } finally {
                            s.setSoTimeout(0);
                        }
                    } catch (IOException e) {
                        return true; // a reset connection has gone as surely as a closed one
                    }
                }
            };
        }
        ByteBuffer buffer = ByteBuffer.wrap(ignored);
        return () -> {
            try {
                synchronized (client.blockingLock()) {
                    client.configureBlocking(false);
                    try {
                        buffer.clear();
                        return client.read(buffer) < 0;
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
