package dev.gather.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.newsclub.net.unix.AFUNIXServerSocketChannel;
import org.newsclub.net.unix.AFUNIXSocketAddress;
import org.newsclub.net.unix.AFUNIXSocketChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's Unix socket: owner-only (the directory 0700, the socket 0600), one JSON object per
 * line each way. At most {@link #MAX_CLIENTS} connections are served at once, each on a thread of a
 * pool that shrinks back when they close; one more is told so in one line and closed. A burst of
 * connects waits in a backlog of {@link #BACKLOG}. Each connection's peer pid comes from the kernel
 * (SO_PEERCRED, through junixsocket: Java's own Unix channels give only user and group). A line
 * longer than {@link #MAX_LINE} bytes is answered with an error as soon as it passes the limit, and
 * the connection closed; nothing a client sends stops the server.
 */
final class SocketServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SocketServer.class);
    static final int MAX_LINE = 1 << 20;

    static final int MAX_CLIENTS = 256;
    static final int BACKLOG = 4096;
    /** Connections open at once that count as a burst worth collecting after. */
    private static final int BURST = 32;

    private final Path path;
    private final int maxClients;
    private final AFUNIXServerSocketChannel server;
    private final Semaphore slots;
    private final ThreadPoolExecutor connections;
    /** The most connections open at once since the last time none were. */
    private final AtomicInteger busiest = new AtomicInteger();

    SocketServer(Path path) throws IOException {
        this(path, MAX_CLIENTS);
    }

    SocketServer(Path path, int maxClients) throws IOException {
        this.path = path;
        this.maxClients = maxClients;
        this.slots = new Semaphore(maxClients);
        // no idle threads kept: 5,000 connections come and go and the daemon is back to its size
        this.connections = new ThreadPoolExecutor(0, maxClients, 5, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "gather-conn");
            t.setDaemon(true);
            return t;
        });
        Files.deleteIfExists(path);
        server = AFUNIXServerSocketChannel.open();
        server.bind(AFUNIXSocketAddress.of(path), BACKLOG);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
    }

    /** How the server answers: one request line, answered by one or (a stream) more lines. */
    interface Responder {
        /**
         * Writes the answer to {@code line} through {@code out}; a stream writes on until {@code gone} says
         * the client left; an op that takes the connection over reads and writes {@code connection}
         * after its first answer. Returns whether the connection stays open for another request (not
         * after a stream or a takeover).
         */
        boolean respond(Peer peer, String line, Consumer<String> out, BooleanSupplier gone, Connection connection)
                throws IOException;
    }

    /** The bytes of a connection after its request line, both ways: for an op that speaks its own protocol. */
    record Connection(java.io.InputStream in, OutputStream out) {}

    /** Accepts until closed; {@code answer} maps each request line, and who sent it, to its response line. */
    void serve(BiFunction<Peer, String, String> answer) {
        serve((peer, line, out, gone, connection) -> {
            out.accept(answer.apply(peer, line));
            return true;
        });
    }

    /** Accepts until closed; {@code responder} answers each request. */
    void serve(Responder responder) {
        while (server.isOpen()) {
            AFUNIXSocketChannel client;
            try {
                client = server.accept();
            } catch (IOException e) {
                if (server.isOpen()) {
                    LOG.warn("accept failed: {}", e.getMessage());
                }
                continue;
            }
            if (!slots.tryAcquire()) {
                refuse(client);
                continue;
            }
            try {
                Peer peer = peer(client);
                busiest.accumulateAndGet(maxClients - slots.availablePermits(), Math::max);
                connections.execute(() -> {
                    try {
                        converse(client, peer, responder);
                    } finally {
                        slots.release();
                        afterBurst();
                    }
                });
            } catch (RuntimeException e) {
                slots.release();
                closeQuietly(client);
                LOG.warn("connection not served: {}", e.toString());
            }
        }
    }

    /**
     * When the last connection of a burst closes, collect: an idle daemon allocates nothing that would
     * trigger a collection, so what the burst's connections held (buffers, native socket memory)
     * would stay resident for hours.
     */
    private void afterBurst() {
        if (slots.availablePermits() == maxClients && busiest.getAndSet(0) >= BURST) {
            System.gc();
        }
    }

    /** One line saying why, then closed: a client past the bound learns it rather than hanging. */
    private void refuse(AFUNIXSocketChannel client) {
        try (client;
                OutputStream out = Channels.newOutputStream(client)) {
            write(
                    out,
                    Dispatcher.error(
                            null,
                            "too many connections: the daemon serves " + maxClients
                                    + " at once; close some and try again"));
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("refused connection ended: {}", e.getMessage());
        }
    }

    private static Peer peer(AFUNIXSocketChannel client) {
        try {
            long pid = client.getPeerCredentials().getPid();
            return pid > 0 ? new Peer(pid) : Peer.UNKNOWN;
        } catch (IOException | UnsupportedOperationException e) {
            return Peer.UNKNOWN;
        }
    }

    private static void closeQuietly(AFUNIXSocketChannel c) {
        try {
            c.close();
        } catch (IOException e) {
            // already gone
        }
    }

    private static void converse(SocketChannel client, Peer peer, Responder responder) {
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
                if (!line.isBlank()
                        && !responder.respond(peer, line, l -> write(out, l), gone(client), takeover(client, in))) {
                    return;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("connection ended: {}", e.getMessage());
        }
    }

    /**
     * The connection's bytes after the request line, read and written straight on the channel: the
     * streams of {@link Channels} hold one lock for reading and writing, so a session waiting for its
     * client's next line could not answer the last one.
     */
    private static Connection takeover(SocketChannel client, BoundedLines in) {
        java.io.InputStream raw = new java.io.InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xff;
            }

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
        return new Connection(in.rest(raw), out);
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
