package dev.gather.client;

import dev.gather.home.StateDir;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A client's wait on the daemon with a deadline: a frozen daemon (SIGSTOP, a deadlock) still accepts
 * connections, so a read would wait forever. While a wait lasts, the daemon is asked {@code hello} on
 * a connection of its own every {@link #PROBE}; when that goes unanswered for a probe's length, the
 * wait ends with {@link NotAnswering}. A daemon busy with a long request still answers the probe, so
 * only a daemon that answers nobody cuts a wait short. Needs nothing beyond the JDK (the bridges use it).
 */
public final class Patience {
    /** How long a daemon may leave a probe unanswered; a wait on a frozen one ends within two of these. */
    public static final Duration PROBE = Duration.ofSeconds(4);

    private Patience() {}

    /** A blocking read of the daemon's answer. */
    @FunctionalInterface
    public interface Read<T> {
        T read() throws IOException;
    }

    /** The daemon of a state directory stopped answering; the message says which process and what ends it. */
    public static final class NotAnswering extends IOException {
        private static final long serialVersionUID = 1L;

        public NotAnswering(StateDir state) {
            super(message(state));
        }
    }

    /** What a client says about a daemon that does not answer. */
    public static String message(StateDir state) {
        var pid = DaemonPid.read(state);
        String who = pid.isPresent() ? "the daemon (pid " + pid.getAsLong() + ")" : "the daemon of " + state.root();
        return who + " is not answering; `gather daemon --stop` ends it";
    }

    /**
     * Runs {@code read} on {@code connection}; when the daemon of {@code state} stops answering
     * meanwhile, closes the connection (which ends the read) and throws {@link NotAnswering}.
     */
    public static <T> T await(StateDir state, Closeable connection, Read<T> read) throws IOException {
        AtomicBoolean frozen = new AtomicBoolean();
        // the wait's own watcher, started with it and ended with it: nothing outlives a client's call
        ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gather-patience");
            t.setDaemon(true);
            return t;
        });
        watch.scheduleWithFixedDelay(
                () -> {
                    if (!frozen.get() && !answers(state, PROBE)) {
                        frozen.set(true);
                        try {
                            connection.close();
                        } catch (IOException e) {
                            // closing is how the read is ended; a failure to close ends it too
                        }
                    }
                },
                PROBE.toMillis(),
                PROBE.toMillis(),
                TimeUnit.MILLISECONDS);
        try {
            T value = read.read();
            if (frozen.get()) {
                throw new NotAnswering(state);
            }
            return value;
        } catch (IOException e) {
            if (frozen.get()) {
                throw new NotAnswering(state);
            }
            throw e;
        } finally {
            watch.shutdownNow();
        }
    }

    /**
     * Whether the daemon answers a {@code hello} within {@code within}. A daemon that cannot be reached
     * at all counts as answering: it is gone, not frozen, and the waiting read sees its end by itself.
     */
    public static boolean answers(StateDir state, Duration within) {
        SocketChannel ch;
        try {
            ch = state.connect();
        } catch (IOException gone) {
            return true;
        }
        try (ch;
                Selector selector = Selector.open()) {
            ch.write(ByteBuffer.wrap(
                    "{\"op\":\"hello\",\"caller\":{\"pane\":null}}\n".getBytes(StandardCharsets.UTF_8)));
            ch.configureBlocking(false);
            ch.register(selector, SelectionKey.OP_READ);
            long deadline = System.nanoTime() + within.toNanos();
            long left;
            while ((left = deadline - System.nanoTime()) > 0) {
                if (selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))) > 0) {
                    // a byte or the end of the stream: either way the daemon's process is running
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return true; // the connection broke: a process at the other end ended it
        }
    }
}
