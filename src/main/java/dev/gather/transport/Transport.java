package dev.gather.transport;

import java.util.function.Consumer;

/**
 * How daemons on different computers reach each other. Without configuration gather is local:
 * {@link #local} knows only this computer. With a Redis URL, {@link RedisTransport} carries
 * envelopes through Redis Streams.
 */
public interface Transport extends AutoCloseable {
    /** This computer's name; a remote member is addressed as {@code computer:%pane}. */
    String computer();

    /** Sends {@code envelope} to {@code computer}'s daemon; it is kept until that daemon reads it. */
    void send(String computer, Envelope envelope);

    /**
     * Starts handing every envelope for this computer to {@code handler}, in order, on one thread; one
     * that fails its signature, names another recipient or comes again goes to {@code rejected} instead.
     */
    void receive(Consumer<Envelope> handler, Consumer<Rejected> rejected);

    /** Whether {@code computer}'s daemon is alive (its liveness key has not expired). */
    boolean alive(String computer);

    @Override
    void close();

    /** Only this computer: everything stays local. */
    static Transport local(String computer) {
        return new Transport() {
            @Override
            public String computer() {
                return computer;
            }

            @Override
            public void send(String to, Envelope envelope) {
                throw new IllegalStateException("computer '" + to + "' is not reachable: no Redis URL is configured"
                        + " (set GATHER_REDIS_URL or redis.url in $GATHER_HOME/config.properties)");
            }

            @Override
            public void receive(Consumer<Envelope> handler, Consumer<Rejected> rejected) {}

            @Override
            public boolean alive(String other) {
                return other.equals(computer);
            }

            @Override
            public void close() {}
        };
    }
}
