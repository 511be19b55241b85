package dev.gather.web;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The event streams open now, oldest first, each holding a worker and a daemon connection until it
 * ends. A browser that left is only noticed when a write to it fails, so a stream also ends when the
 * page that replaced it in the same tab opens its own (a reload names the page it replaces), and past
 * {@link #MAX} the oldest ends: 70 reloads once held every daemon connection this process may have,
 * and {@code gather web} answered nothing but "too many connections" until heartbeats found them.
 */
final class Streams {
    /**
     * Half the workers, and half the daemon connections one process may hold: the rest answer the
     * pages and the short API calls however many tabs are open. A live page whose stream was ended
     * reconnects (EventSource does) and resumes by entry number.
     */
    static final int MAX = WebServer.WORKERS / 2;

    /** One open stream: its tab's name (if the page gave one) and how to end it. */
    private record Open(Optional<String> tab, Runnable end) {}

    private final int max;
    private final AtomicLong serials = new AtomicLong();
    private final Map<Long, Open> open = new LinkedHashMap<>();

    Streams(int max) {
        this.max = max;
    }

    /**
     * Counts a stream that starts now for {@code tab}, ending the stream of the page it {@code
     * replaces}, and the oldest past the bound; returns its key for {@link #ended}.
     */
    synchronized long started(Optional<String> tab, Optional<String> replaces, Runnable end) {
        if (replaces.isPresent() || tab.isPresent()) {
            Iterator<Open> it = open.values().iterator();
            while (it.hasNext()) {
                Open o = it.next();
                // the page this one replaced, or an older stream of this same page (a reconnect)
                if (o.tab.isPresent() && (o.tab.equals(replaces) || o.tab.equals(tab))) {
                    it.remove();
                    o.end.run();
                }
            }
        }
        Iterator<Open> oldest = open.values().iterator();
        while (open.size() >= max && oldest.hasNext()) {
            Open o = oldest.next();
            oldest.remove();
            o.end.run();
        }
        long key = serials.incrementAndGet();
        open.put(key, new Open(tab, end));
        return key;
    }

    /** The stream of {@code key} has ended (it may have been told to already). */
    synchronized void ended(long key) {
        open.remove(key);
    }

    /** Streams open and not yet told to end. */
    synchronized int size() {
        return open.size();
    }

    /** Ends every stream: the server is closing. */
    synchronized void endAll() {
        open.values().forEach(o -> o.end.run());
        open.clear();
    }
}
