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
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A client's wait on the daemon with a deadline: a frozen daemon (SIGSTOP, a deadlock) still accepts
 * connections, so a read would wait forever. While a wait lasts, the daemon is asked {@code hello} on
 * a connection of its own every {@link #PROBE}; when that goes unanswered for a probe's length by a
 * stopped process, or for {@link #RUNNING} by one that runs, the wait ends with {@link NotAnswering}.
 * A daemon busy with a long request still answers the probe, and one slowed by a loaded machine
 * answers it late, so only a daemon that answers nobody cuts a wait short. Needs nothing beyond the
 * JDK (the bridges use it).
 */
public final class Patience {
    /** How long a stopped daemon (SIGSTOP) may leave a probe unanswered; a wait on one ends within two of these. */
    public static final Duration PROBE = Duration.ofSeconds(4);

    /**
     * How long a daemon whose process runs may leave a probe unanswered before it counts as stuck (a
     * deadlock): far past the seconds a loaded machine can keep it from answering.
     */
    public static final Duration RUNNING = Duration.ofSeconds(30);

    /** How often a late probe looks whether the daemon's process was stopped meanwhile. */
    private static final Duration LOOK = Duration.ofMillis(250);

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
        Watch watch = new Watch(state, connection);
        watch.start();
        try {
            T value = read.read();
            if (watch.frozen) {
                throw new NotAnswering(state);
            }
            return value;
        } catch (IOException e) {
            if (watch.frozen) {
                throw new NotAnswering(state);
            }
            throw e;
        } finally {
            watch.interrupt();
        }
    }

    /**
     * A wait's own watcher, started with it and ended with it (interrupted: nothing outlives a client's
     * call): it probes the daemon every {@link #PROBE} after the last probe ended, and closes the
     * connection when one goes unanswered. A plain thread rather than a scheduled executor: every
     * client call starts one, and an executor's classes and lambdas cost a fresh JVM ~15 ms.
     */
    private static final class Watch extends Thread {
        private final StateDir state;
        private final Closeable connection;
        volatile boolean frozen;

        Watch(StateDir state, Closeable connection) {
            super("gather-patience");
            setDaemon(true);
            this.state = state;
            this.connection = connection;
        }

        @Override
        public void run() {
            long next = System.nanoTime() + PROBE.toNanos();
            while (!isInterrupted()) {
                long left = next - System.nanoTime();
                if (left > 0) {
                    LockSupport.parkNanos(this, left);
                } else if (answers(state)) {
                    next = System.nanoTime() + PROBE.toNanos();
                } else if (!isInterrupted()) {
                    frozen = true;
                    try {
                        connection.close();
                    } catch (IOException e) {
                        // closing is how the read is ended; a failure to close ends it too
                    }
                    return;
                }
            }
        }
    }

    /**
     * Whether the daemon answers a {@code hello}: within {@link #PROBE} while its process is stopped
     * (SIGSTOP), within {@link #RUNNING} while it runs. A daemon that cannot be reached at all counts as
     * answering: it is gone, not frozen, and the waiting read sees its end by itself.
     */
    public static boolean answers(StateDir state) {
        return answers(state, PROBE, RUNNING);
    }

    /**
     * As {@link #answers(StateDir)}, with {@code probe} and {@code running} for those bounds. A daemon
     * that runs but answers late is starved of CPU on a loaded machine or in a long collection, and
     * a client that gave up on it would report a failure for a request the daemon still carries out
     * (an agent's tool call, tried again, would send twice); only one that stays silent past {@code
     * running} is stuck.
     */
    static boolean answers(StateDir state, Duration probe, Duration running) {
        try (SocketChannel ch = state.connect();
                Selector selector = Selector.open()) {
            ch.write(ByteBuffer.wrap(
                    "{\"op\":\"hello\",\"caller\":{\"pane\":null}}\n".getBytes(StandardCharsets.UTF_8)));
            ch.configureBlocking(false);
            ch.register(selector, SelectionKey.OP_READ);
            long start = System.nanoTime();
            while (true) {
                if (Thread.currentThread().isInterrupted()) {
                    // the wait it watched is over: no verdict is wanted, and an interrupted select
                    // returns at once, so looping on would spin until the bound
                    return true;
                }
                long waited = System.nanoTime() - start;
                if (waited >= running.toNanos() || (waited >= probe.toNanos() && stopped(state))) {
                    return false;
                }
                long slice = waited < probe.toNanos()
                        ? probe.toNanos() - waited
                        : Math.min(LOOK.toNanos(), running.toNanos() - waited);
                if (selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(slice))) > 0) {
                    // a byte or the end of the stream: either way the daemon's process is running
                    return true;
                }
            }
        } catch (IOException e) {
            return true; // no daemon to reach, or the connection broke: a process at the other end ended it
        }
    }

    private static boolean stopped(StateDir state) {
        OptionalLong pid = DaemonPid.read(state);
        return pid.isPresent() && DaemonPid.stopped(pid.getAsLong());
    }
}
