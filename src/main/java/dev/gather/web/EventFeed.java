package dev.gather.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.gather.daemon.DaemonClient;
import dev.gather.daemon.UserError;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code GET /api/events?gathering=id}: server-sent events that follow the daemon's {@code events} op for
 * one gathering and forward every entry as it is written, each followed (coalesced) by the gathering's
 * fresh {@code gathering_status}, so the page never polls. A browser that reconnects sends Last-Event-ID
 * (the entry number) and resumes right after it.
 */
final class EventFeed {
    private static final long STATUS_DELAY_MS = 60;
    private static final long HEARTBEAT_S = 10;
    private static final Set<String> PRIVATE = Set.of("beat", "seed", "private");

    private final DaemonClient daemon;
    private final ScheduledExecutorService timers;
    private final Set<Thread> open = ConcurrentHashMap.newKeySet();

    EventFeed(DaemonClient daemon, ScheduledExecutorService timers) {
        this.daemon = daemon;
        this.timers = timers;
    }

    void serve(HttpExchange ex) throws IOException {
        Query q = Query.of(ex.getRequestURI());
        String id = q.required("gathering");
        long after = resumeAfter(ex, q);
        var request = daemon.request("events")
                .put("gathering", id)
                .put("after", after)
                .put("follow", true);
        Http.guarded(ex);
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        SseWriter out = new SseWriter(ex.getResponseBody());
        AtomicBoolean statusDue = new AtomicBoolean();
        Thread me = Thread.currentThread();
        // a browser that closed its tab is only noticed on a write: a comment line every few seconds
        ScheduledFuture<?> heartbeat = timers.scheduleWithFixedDelay(
                () -> {
                    if (!out.comment("alive")) {
                        me.interrupt(); // ends the blocked read of the daemon's stream (an interruptible channel)
                    }
                },
                HEARTBEAT_S,
                HEARTBEAT_S,
                TimeUnit.SECONDS);
        open.add(me);
        try {
            ex.sendResponseHeaders(200, 0);
            out.comment("following " + id);
            sendStatus(out, id);
            daemon.stream(request, e -> {
                if (PRIVATE.contains(e.path("event").asText()) && e instanceof ObjectNode o) {
                    // a private prompt is shown as a marker: its words are for its member, not the browser
                    o.remove("text");
                }
                if (!out.event("entry", e.path("n").asText(), e)) {
                    return false;
                }
                if (statusDue.compareAndSet(false, true)) {
                    timers.schedule(
                            () -> {
                                statusDue.set(false);
                                if (!sendStatus(out, id)) {
                                    me.interrupt();
                                }
                            },
                            STATUS_DELAY_MS,
                            TimeUnit.MILLISECONDS);
                }
                return true;
            });
        } catch (UserError e) {
            out.event("failure", null, Http.error(e.getMessage()));
        } catch (java.nio.channels.ClosedByInterruptException gone) {
            // the browser went away (or the server is closing): the daemon sees its end of the stream close
        } finally {
            heartbeat.cancel(false);
            open.remove(me);
            Thread.interrupted();
        }
    }

    private boolean sendStatus(SseWriter out, String id) {
        JsonNode status;
        try {
            status = daemon.call(daemon.request("gathering_status").put("gathering", id));
        } catch (IOException | UserError e) {
            // a daemon restarted since knows the gathering only from its journal: the entries still flow
            return out.comment("no status: " + e.getMessage());
        }
        return out.event("status", null, status);
    }

    private static long resumeAfter(HttpExchange ex, Query q) {
        String last = ex.getRequestHeaders().getFirst("Last-Event-ID");
        String v = last != null ? last : q.optional("after").orElse("0");
        try {
            return Math.max(0, Long.parseLong(v.strip()));
        } catch (NumberFormatException e) {
            throw new UserError("after must be an entry number (was " + v + ")");
        }
    }

    void close() {
        open.forEach(Thread::interrupt);
    }
}
