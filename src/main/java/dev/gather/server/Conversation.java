package dev.gather.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection's conversation with the daemon: its request lines read (each bounded), answered one
 * by one or as a stream, the connection closed when it was left idle too long or gave way to a newer
 * one of its process's ({@link Held}), each time with a line that says why.
 */
final class Conversation {
    private static final Logger LOG = LoggerFactory.getLogger(Conversation.class);

    private final IdleWatch idle;
    /** How many connections one process may hold, as the one that gave way is told. */
    private final int perPeer;

    Conversation(IdleWatch idle, int perPeer) {
        this.idle = idle;
        this.perPeer = perPeer;
    }

    /** A step on a connection that may already be gone, which is then nothing to report. */
    interface Step {
        void run() throws IOException;
    }

    static void quietly(Step step) {
        try {
            step.run();
        } catch (IOException e) {
            // already gone
        }
    }

    /**
     * Serves {@code client}, {@code peer}'s connection holding {@code place}, with {@code responder}
     * until it ends; on this thread, which alone closes it, after {@code served}.
     */
    void converse(
            SocketChannel client,
            Serving.Served served,
            Peer peer,
            Held.Place place,
            SocketServer.Responder responder) {
        try (client;
                InputStream raw = Channels.newInputStream(client);
                OutputStream out = Channels.newOutputStream(client);
                served) {
            BoundedLines in = new BoundedLines(raw, SocketServer.MAX_LINE);
            AtomicBoolean idled = new AtomicBoolean();
            while (true) {
                // the reader is woken by ending its input; the answer is written on this thread
                Optional<IdleWatch.Watch> watch = idle.watch(() -> {
                    idled.set(true);
                    served.endInput();
                });
                if (watch.isEmpty()) {
                    return; // the server is stopping
                }
                place.waiting();
                BoundedLines.Next next = in.next();
                watch.get().cancel();
                place.answering();
                if (place.gaveWay() && !(next instanceof BoundedLines.Line)) {
                    write(
                            out,
                            Dispatcher.error(
                                    null,
                                    "closed: process " + peer.pid() + " opened more connections than it may hold ("
                                            + perPeer
                                            + "), and this one had waited longest without a request"));
                    return;
                }
                if (idled.get()) {
                    write(
                            out,
                            Dispatcher.error(
                                    null,
                                    "no request for " + idle.limit().toSeconds()
                                            + " s: connection closed; a client connects when it has something to ask"));
                    return;
                }
                if (next instanceof BoundedLines.End) {
                    return;
                }
                if (next instanceof BoundedLines.TooLong) {
                    // said as soon as the limit is passed, not when (if ever) the line ends
                    write(out, Dispatcher.error(null, "request line longer than " + SocketServer.MAX_LINE + " bytes"));
                    return;
                }
                String line = new String(((BoundedLines.Line) next).bytes(), StandardCharsets.UTF_8);
                if (!line.isBlank()
                        && !responder.respond(
                                peer,
                                line,
                                l -> {
                                    place.answered();
                                    write(out, l);
                                },
                                place.gone(ChannelStreams.gone(client)),
                                ChannelStreams.takeover(client, in))) {
                    return;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("connection ended: {}", e.getMessage());
        }
    }

    static void write(OutputStream out, String line) {
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
