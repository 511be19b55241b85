package dev.gather.server;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * The socket's places: at most {@code total} connections at once, and at most {@code perPeer} of
 * them held by one process, so one process (a runaway loop, or one that opens connections and never
 * speaks) cannot take every place and lock the user's other clients out. A process at its cap is
 * refused only when none of its connections can make room ({@link Held}): its own next request is
 * not locked out by what it left open before.
 */
final class Slots {
    private final int total;
    private final int perPeer;
    private final Semaphore free;
    private final Map<Long, Integer> held = new ConcurrentHashMap<>();

    Slots(int total, int perPeer) {
        if (total < 1 || perPeer < 1) {
            throw new IllegalArgumentException("slots must be positive (were " + total + ", " + perPeer + ")");
        }
        this.total = total;
        this.perPeer = perPeer;
        this.free = new Semaphore(total);
    }

    /** A place for a connection from {@code peer}, or why there is none (one line for the client). */
    Optional<String> take(Peer peer) {
        return take(peer, () -> false);
    }

    /**
     * A place for a connection from {@code peer}; at its cap, {@code makeRoom} may end one of its
     * connections, whose place this one takes (the count is over the cap until that one has closed).
     */
    Optional<String> take(Peer peer, BooleanSupplier makeRoom) {
        if (!free.tryAcquire()) {
            return Optional.of(
                    "too many connections: the daemon serves " + total + " at once; close some and try again");
        }
        if (peer.pid() <= 0) {
            return Optional.empty(); // the kernel would not say who: only the total bounds it
        }
        int now = held.merge(peer.pid(), 1, Integer::sum);
        if (now > perPeer && !makeRoom.getAsBoolean()) {
            release(peer);
            return Optional.of("too many connections from process " + peer.pid() + ": one process may hold " + perPeer
                    + " at once; close some and try again");
        }
        return Optional.empty();
    }

    /** Frees the place a connection from {@code peer} held. */
    void release(Peer peer) {
        if (peer.pid() > 0) {
            held.computeIfPresent(peer.pid(), (pid, n) -> n <= 1 ? null : n - 1);
        }
        free.release();
    }

    /** How many connections one process may hold. */
    int perPeer() {
        return perPeer;
    }

    /** Connections open now. */
    int open() {
        return total - free.availablePermits();
    }
}
