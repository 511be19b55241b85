package dev.gather.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's Unix socket: owner-only (the directory 0700, the socket 0600), one JSON object per
 * line each way. A line longer than {@link #MAX_LINE} bytes is answered with an error as soon as it
 * passes the limit, and the connection closed; nothing a client sends stops the server.
 */
final class SocketServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SocketServer.class);
    static final int MAX_LINE = 1 << 20;

    private final Path path;
    private final ServerSocketChannel server;
    private final ExecutorService connections = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "gather-conn");
        t.setDaemon(true);
        return t;
    });

    SocketServer(Path path) throws IOException {
        this.path = path;
        Files.deleteIfExists(path);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
    }

    /** How the server answers: one request line, answered by one or (a stream) more lines. */
    interface Responder {
        /**
         * Writes the answer to {@code line} through {@code out}; a stream writes on until {@code gone} says
         * the client left. Returns whether the connection stays open for another request (not after a
         * stream).
         */
        boolean respond(String line, Consumer<String> out, BooleanSupplier gone) throws IOException;
    }

    /** Accepts until closed; {@code answer} maps each request line to its response line. */
    void serve(Function<String, String> answer) {
        serve((line, out, gone) -> {
            out.accept(answer.apply(line));
            return true;
        });
    }

    /** Accepts until closed; {@code responder} answers each request. */
    void serve(Responder responder) {
        while (server.isOpen()) {
            try {
                SocketChannel client = server.accept();
                connections.execute(() -> converse(client, responder));
            } catch (IOException e) {
                if (server.isOpen()) {
                    LOG.warn("accept failed: {}", e.getMessage());
                }
            }
        }
    }

    private static void converse(SocketChannel client, Responder responder) {
        try (client;
                java.io.InputStream raw = Channels.newInputStream(client);
                OutputStream out = Channels.newOutputStream(client)) {
            BoundedLines in = new BoundedLines(raw, MAX_LINE);
            while (true) {
                BoundedLines.Next next = in.next();
                if (next instanceof BoundedLines.End) {
                    return;
                }
                if (next instanceof BoundedLines.TooLong) {
                    // said as soon as the limit is passed, not when (if ever) the line ends
                    write(out, Dispatcher.error(null, "request line longer than " + MAX_LINE + " bytes"));
                    return;
                }
                String line = new String(((BoundedLines.Line) next).bytes(), StandardCharsets.UTF_8);
                if (!line.isBlank() && !responder.respond(line, l -> write(out, l), gone(client))) {
                    return;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("connection ended: {}", e.getMessage());
        }
    }

    /**
     * Whether the client has gone, asked by a stream between its writes on the connection's own thread:
     * a non-blocking read of what the client sent (nothing is expected during a stream) sees its end.
     */
    private static BooleanSupplier gone(SocketChannel client) {
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

    private static void write(OutputStream out, String line) {
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        connections.shutdownNow();
        Files.deleteIfExists(path);
    }
}
