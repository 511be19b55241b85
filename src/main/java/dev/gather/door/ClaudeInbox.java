package dev.gather.door;

import dev.gather.process.Threads;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * gather's reply address for Claude sessions: a Unix socket beside theirs (Claude sends receipts only
 * to a {@code .sock} in its own sockets directory), where a session writes one {@code
 * peer_message_status} line about a message gather sent it (held, refused, dropped; later released,
 * denied or expired). A receipt someone waits for completes that wait; one that comes after the
 * wait (a hold settled, or Claude slower than the window) goes to the late listener with the
 * message's parcel, but only for a message this inbox sent lately. Closing it removes the socket file.
 * The process that sends must be the one that listens: Claude delivers a receipt only to a listener
 * whose pid is the sender's (it read that pid from the sending connection).
 */
public final class ClaudeInbox implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClaudeInbox.class);
    private static final Duration LINE_DEADLINE = Duration.ofSeconds(2);
    private static final int MAX_LINE = 64 * 1024;
    private static final int REMEMBERED = 256;

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final Path path;
    private final ServerSocketChannel server;
    private final Consumer<LateReceipt> late;
    private final Map<String, CompletableFuture<ClaudeReceipt>> waiting = new ConcurrentHashMap<>();
    /** The parcels sent lately, by message id, oldest first: a late receipt for any other id is nobody's. */
    private final Map<String, Parcel> recent = Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Parcel> eldest) {
            return size() > REMEMBERED;
        }
    });

    /** Reads receipts: each connection is read for at most {@link #LINE_DEADLINE}. */
    private final ExecutorService readers = Threads.bounded("gather-claude-inbox-reader", 8);

    private ClaudeInbox(Path path, ServerSocketChannel server, Consumer<LateReceipt> late) {
        this.path = path;
        this.server = server;
        this.late = late;
    }

    /** Listens in Claude's sockets directory {@code dir}, on a name no Claude session uses. */
    public static ClaudeInbox open(Path dir, Consumer<LateReceipt> late) throws IOException {
        // one per daemon: a JVM may host several (tests do), and a second must not take the first's
        Path path =
                dir.resolve("gather-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet() + ".sock");
        Files.deleteIfExists(path); // a daemon of the same pid before a reboot left it
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(path));
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        ClaudeInbox inbox = new ClaudeInbox(path, server, late);
        Thread accept = new Thread(inbox::serve, "gather-claude-inbox");
        accept.setDaemon(true);
        accept.start();
        return inbox;
    }

    /** The address Claude replies to, as a message's {@code from} says it. */
    public String address() {
        return "uds:" + path;
    }

    Path path() {
        return path;
    }

    /** Message {@code id} (carrying {@code parcel}) is about to be sent: its first receipt completes the returned future. */
    CompletableFuture<ClaudeReceipt> expect(String id, Parcel parcel) {
        recent.put(id, parcel);
        CompletableFuture<ClaudeReceipt> f = new CompletableFuture<>();
        waiting.put(id, f);
        return f;
    }

    /** Nobody waits for message {@code id} any more. */
    void stopWaiting(String id) {
        waiting.remove(id);
    }

    private void serve() {
        while (server.isOpen()) {
            try {
                SocketChannel ch = server.accept();
                readers.execute(() -> read(ch));
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                LOG.warn("Claude reply inbox {} stopped accepting: {}", path, e.toString());
                return;
            }
        }
    }

    private void read(SocketChannel ch) {
        try (ch;
                Selector selector = Selector.open()) {
            ch.configureBlocking(false);
            long end = System.nanoTime() + LINE_DEADLINE.toNanos();
            String line = UnixExchange.firstLine(ch, selector, end, MAX_LINE);
            Optional<ClaudeReceipt> receipt = ClaudeReceipt.parse(line);
            receipt.ifPresent(this::route);
        } catch (IOException | TimeoutException e) {
            LOG.debug("a connection to Claude reply inbox {} ended without a receipt: {}", path, e.toString());
        }
        // closing is the answer: Claude's sender waits for it
    }

    private void route(ClaudeReceipt r) {
        CompletableFuture<ClaudeReceipt> f = waiting.remove(r.messageId());
        if (f != null) {
            f.complete(r);
            return;
        }
        // a hold is settled by a later receipt (delivered, denied, expired): keep the parcel until then
        Parcel parcel = "held".equals(r.status()) ? recent.get(r.messageId()) : recent.remove(r.messageId());
        if (parcel != null) {
            late.accept(new LateReceipt(r, parcel));
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closing a listener loses nothing
        }
        readers.shutdownNow();
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.warn("could not remove Claude reply inbox {}: {}", path, e.toString());
        }
    }
}
