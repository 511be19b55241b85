package dev.gather.server;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The connections each process holds, and which of them give way when that process is at its cap
 * ({@link Slots}) and opens one more: the one that has waited longest without asking anything (for a
 * second or more: a newer one may be about to), else its oldest stream (an {@code events} follow,
 * which its client resumes by entry number), else its newest idle one. A process's
 * newest connection is the one it is about to use; without this a process that had left 64
 * connections idle, or a web view whose browsers had gone, was refused its own next request. A
 * connection answering a request, or taken over by a session ({@code mcp}), never gives way.
 */
final class Held {
    /** How long a connection waits for its request before it counts as left idle rather than arriving. */
    private static final long FRESH_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Map<Long, Set<Place>> byPeer = new ConcurrentHashMap<>();
    private final AtomicLong ticks = new AtomicLong();

    /** One connection's place and what it is doing. */
    final class Place {
        private final Peer peer;
        private final Serving.Served served;
        private final AtomicBoolean gaveWay = new AtomicBoolean();
        private final long opened;
        /** When it last began to wait for a request (a counter, so the order is exact); -1 while answering. */
        private volatile long waitingSince;
        /** The same in nanoseconds, to tell a connection left idle from one whose request is on its way. */
        private volatile long waitingSinceNanos = System.nanoTime();
        /**
         * When its answer began to be written (a tick), -1 until then: its client waits no longer, and
         * from then on it waits for the next request, though its thread may not have looped back yet.
         */
        private volatile long answeredSince = -1;

        private volatile long answeredSinceNanos;

        private volatile boolean streaming;

        private Place(Peer peer, Serving.Served served) {
            this.peer = peer;
            this.served = served;
            this.opened = ticks.incrementAndGet();
            this.waitingSince = opened;
        }

        /** It waits for its next request line. */
        void waiting() {
            streaming = false;
            if (answeredSince >= 0) {
                // it has waited since its answer went out, not since its thread came back for more
                waitingSinceNanos = answeredSinceNanos;
                waitingSince = answeredSince;
                answeredSince = -1;
            } else {
                waitingSinceNanos = System.nanoTime();
                waitingSince = ticks.incrementAndGet();
            }
        }

        /** A request line came: it is answering. */
        void answering() {
            waitingSince = -1;
            answeredSince = -1;
        }

        /**
         * A line of its answer is about to be written. Its client may ask again, or open another
         * connection, the moment it reads it: on a loaded machine that came before this thread marked
         * it waiting, and a newer connection gave way in place of the one left idle longest.
         */
        void answered() {
            if (answeredSince < 0 && waitingSince < 0) {
                answeredSinceNanos = System.nanoTime();
                answeredSince = ticks.incrementAndGet();
            }
        }

        /** Whether it was ended to make room for its process's newer connection. */
        boolean gaveWay() {
            return gaveWay.get();
        }

        /**
         * {@code gone} as a stream asks it: only a stream asks whether its client left, which marks it
         * as one that may give way; once it has, the stream is told its client is gone.
         */
        BooleanSupplier gone(BooleanSupplier gone) {
            return () -> {
                streaming = true;
                return gaveWay.get() || gone.getAsBoolean();
            };
        }

        /** The process's connections no longer count this one. */
        void release() {
            if (peer.pid() > 0) {
                byPeer.computeIfPresent(peer.pid(), (pid, places) -> {
                    places.remove(this);
                    return places.isEmpty() ? null : places;
                });
            }
        }

        /** Whether it waits for a request (since its answer went out, or its thread came back); a stream never does. */
        private boolean idle() {
            return !streaming && (waitingSince >= 0 || answeredSince >= 0);
        }

        private long idleRank() {
            long since = waitingSince >= 0 ? waitingSince : answeredSince;
            return since >= 0 ? since : Long.MAX_VALUE;
        }

        private long idleNanos() {
            return waitingSince >= 0 ? waitingSinceNanos : answeredSinceNanos;
        }
    }

    /** The place of a connection just accepted from {@code peer}. */
    Place add(Peer peer, Serving.Served served) {
        Place p = new Place(peer, served);
        if (peer.pid() > 0) {
            byPeer.computeIfAbsent(peer.pid(), pid -> ConcurrentHashMap.newKeySet())
                    .add(p);
        }
        return p;
    }

    /**
     * Ends {@code peer}'s connection that has waited longest for a request, else its oldest stream;
     * whether one gave way. Its input is ended, which wakes its thread: the place frees as it closes.
     */
    boolean giveWay(Peer peer) {
        Set<Place> places = byPeer.get(peer.pid());
        if (places == null) {
            return false;
        }
        synchronized (places) {
            long now = System.nanoTime();
            Optional<Place> idle = places.stream()
                    .filter(p -> !p.gaveWay.get() && p.idle())
                    .min(Comparator.comparingLong(Place::idleRank));
            Optional<Place> stream = places.stream()
                    .filter(p -> !p.gaveWay.get() && p.streaming)
                    .min(Comparator.comparingLong(p -> p.opened));
            // one that just connected may be about to send its request: an old stream goes before it
            Optional<Place> chosen = idle.filter(p -> now - p.idleNanos() >= FRESH_NANOS)
                    .or(() -> stream)
                    .or(() -> idle);
            if (chosen.isEmpty() || !chosen.get().gaveWay.compareAndSet(false, true)) {
                return false;
            }
            // already closing, it is not ended: its place frees all the same
            chosen.get().served.endInput();
            return true;
        }
    }
}
