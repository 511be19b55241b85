package dev.gather.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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

    /** Accepts until closed; {@code answer} maps each request line to its response line. */
    void serve(Function<String, String> answer) {
        while (server.isOpen()) {
            try {
                SocketChannel client = server.accept();
                connections.execute(() -> converse(client, answer));
            } catch (IOException e) {
                if (server.isOpen()) {
                    LOG.warn("accept failed: {}", e.getMessage());
                }
            }
        }
    }

    private static void converse(SocketChannel client, Function<String, String> answer) {
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
                if (!line.isBlank()) {
                    write(out, answer.apply(line));
                }
            }
        } catch (IOException e) {
            LOG.debug("connection ended: {}", e.getMessage());
        }
    }

    private static void write(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        server.close();
        connections.shutdownNow();
        Files.deleteIfExists(path);
    }
}
