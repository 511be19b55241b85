package dev.gather.server;

import java.nio.channels.SocketChannel;
import java.util.HashSet;
import java.util.Set;

/**
 * The connections being served, so that a stopping server can end them without closing one under
 * its thread. Only a connection's own thread closes its channel: junixsocket closes a channel at
 * once when another thread closes it or interrupts its thread, and a thread then between its check
 * and its read or write uses a file descriptor number the next opened file may already hold (a
 * stopping test daemon's answer was written into a tmux spawn's pipe, whose helper then failed).
 * Ending the input and output instead wakes the thread, which sees the end and closes the channel
 * itself; the lock keeps an ending from meeting a channel its thread has begun to close.
 */
final class Serving {
    private final Object lock = new Object();
    private final Set<Served> open = new HashSet<>();

    /** One connection, served until its own thread closes this, just before it closes the channel. */
    final class Served implements AutoCloseable {
        private final SocketChannel channel;

        private Served(SocketChannel channel) {
            this.channel = channel;
        }

        /** Ends its input unless its thread has begun to close it: that thread, waiting for a line, sees the end. */
        void endInput() {
            synchronized (lock) {
                if (open.contains(this)) {
                    Conversation.quietly(channel::shutdownInput);
                }
            }
        }

        @Override
        public void close() {
            synchronized (lock) {
                open.remove(this);
            }
        }
    }

    /** Serves {@code channel} until the returned handle closes. */
    Served add(SocketChannel channel) {
        Served served = new Served(channel);
        synchronized (lock) {
            open.add(served);
        }
        return served;
    }

    /** Ends the input and output of every connection still served: each thread wakes and closes its own. */
    void endAll() {
        synchronized (lock) {
            for (Served served : open) {
                Conversation.quietly(served.channel::shutdownInput);
                Conversation.quietly(served.channel::shutdownOutput);
            }
        }
    }
}
