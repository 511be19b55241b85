package dev.gather.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
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
 * connects waits in a backlog of {@link #BACKLOG}. Each connection's peer comes from the kernel
 * (SO_PEERCRED, through junixsocket: Java's own Unix channels give only user and group): a process of
 * another user than the socket's owner is told so in one line and closed ({@link PeerUser}), and the
 * pid of one that may stay names the pane it acts for ({@link Callers}); one process holds at most
 * {@link #PER_PEER} connections (past that its newest takes the place of its longest idle one or
 * oldest stream, see {@link Held}), and one that asks nothing for {@link #IDLE} is told
 * so and closed, so connections opened and left idle cannot lock the other clients out. A line
 * longer than {@link #MAX_LINE} bytes is answered with an error as soon as it passes the limit, and
 * the connection closed; nothing a client sends stops the server.
 */
public final class SocketServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SocketServer.class);
    public static final int MAX_LINE = 1 << 20;

    static final int MAX_CLIENTS = 256;
    static final int PER_PEER = 64;
    static final Duration IDLE = Duration.ofSeconds(60);
    static final int BACKLOG = 4096;
    /** How long a stopping server waits for its connections' threads to see their end. */
    static final Duration ENDING = Duration.ofSeconds(5);
    /** Connections open at once that count as a burst worth collecting after. */
    private static final int BURST = 32;

    private final Path path;
    /** The user this socket serves: its owner, the daemon's own user. */
    private final long servedUid;

    private final AFUNIXServerSocketChannel server;
    private final Slots slots;
    private final Serving serving = new Serving();
    private final Held held = new Held();
    private final IdleWatch idle;
    private final Conversation conversation;
    private final ThreadPoolExecutor connections;
    /** The most connections open at once since the last time none were. */
    private final AtomicInteger busiest = new AtomicInteger();

    public SocketServer(Path path) throws IOException {
        this(path, MAX_CLIENTS, PER_PEER, IDLE, Clock.systemUTC());
    }

    SocketServer(Path path, int maxClients) throws IOException {
        this(path, maxClients, maxClients, IDLE, Clock.systemUTC());
    }

    SocketServer(Path path, int maxClients, int perPeer, Duration idle, Clock clock) throws IOException {
        this(path, maxClients, perPeer, idle, clock, OptionalLong.empty());
    }

    /** As above, serving user {@code servedUid} when given (a test's stand-in for another user), else the socket's owner. */
    SocketServer(Path path, int maxClients, int perPeer, Duration idle, Clock clock, OptionalLong servedUid)
            throws IOException {
        this.path = path;
        this.slots = new Slots(maxClients, perPeer);
        this.idle = new IdleWatch(idle, clock);
        this.conversation = new Conversation(this.idle, perPeer);
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
        // the socket was made by this process: its owner is the user the daemon runs as
        this.servedUid = servedUid.isPresent()
                ? servedUid.getAsLong()
                : ((Number) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
    }

    /** How the server answers: one request line, answered by one or (a stream) more lines. */
    public interface Responder {
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
    public record Connection(InputStream in, OutputStream out) {}

    /** Accepts until closed; {@code answer} maps each request line, and who sent it, to its response line. */
    void serve(BiFunction<Peer, String, String> answer) {
        serve((peer, line, out, gone, connection) -> {
            out.accept(answer.apply(peer, line));
            return true;
        });
    }

    /** Accepts until closed; {@code responder} answers each request. */
    public void serve(Responder responder) {
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
            Credentials credentials = Credentials.of(client);
            Optional<String> stranger = PeerUser.refusal(credentials.uid(), servedUid);
            if (stranger.isPresent()) {
                // before a slot is taken: another user's process holds nothing of this daemon's
                LOG.warn(
                        "refused a connection from process {} of user id {}: this daemon serves user id {} only",
                        credentials.pid(),
                        credentials.uid(),
                        servedUid);
                refuse(client, stranger.get());
                continue;
            }
            Peer peer = credentials.pid() > 0 ? new Peer(credentials.pid()) : Peer.UNKNOWN;
            Optional<String> refusal = slots.take(peer, () -> held.giveWay(peer));
            if (refusal.isPresent()) {
                refuse(client, refusal.get());
                continue;
            }
            Serving.Served served = serving.add(client);
            Held.Place place = held.add(peer, served);
            try {
                busiest.accumulateAndGet(slots.open(), Math::max);
                connections.execute(() -> {
                    try {
                        conversation.converse(client, served, peer, place, responder);
                    } finally {
                        place.release();
                        slots.release(peer);
                        afterBurst();
                    }
                });
            } catch (RuntimeException e) {
                served.close();
                place.release();
                slots.release(peer);
                Conversation.quietly(client::close);
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
        if (slots.open() == 0 && busiest.getAndSet(0) >= BURST) {
            System.gc();
        }
    }

    /** One line saying why, then closed: a client past the bound learns it rather than hanging. */
    private static void refuse(AFUNIXSocketChannel client, String why) {
        try (client;
                OutputStream out = Channels.newOutputStream(client)) {
            Conversation.write(out, Dispatcher.error(null, why));
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("refused connection ended: {}", e.getMessage());
        }
    }

    /** Connections open now. */
    public int open() {
        return slots.open();
    }

    /** Threads serving connections now: none once every connection has closed and its thread has timed out. */
    public int threads() {
        return connections.getPoolSize();
    }

    /**
     * Stops accepting and ends every connection, returning once their threads have (or after {@link
     * #ENDING}, when the ones still busy are interrupted). A connection is ended by ending its input and
     * output, never by closing it or interrupting its thread: see {@link Serving}.
     */
    @Override
    public void close() throws IOException {
        server.close();
        idle.close();
        serving.endAll();
        connections.shutdown();
        try {
            if (!connections.awaitTermination(ENDING.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn(
                        "{} connection(s) still busy {} s after the server stopped: their threads are interrupted",
                        connections.getActiveCount(),
                        ENDING.toSeconds());
                connections.shutdownNow();
            }
        } catch (InterruptedException e) {
            connections.shutdownNow();
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(path);
    }
}
