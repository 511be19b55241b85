package dev.gather.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.gather.daemon.DaemonClient;
import dev.gather.daemon.UserError;
import java.io.IOException;
import java.time.Instant;
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
    // the overview redraws from status and every journal: at most twice a second
    private static final long CHANGES_DELAY_MS = 500;
    private static final long HEARTBEAT_S = 10;
    private static final Set<String> PRIVATE = Set.of("beat", "seed", "private");

    private final DaemonClient daemon;
    private final ScheduledExecutorService timers;
    private final Set<Thread> open = ConcurrentHashMap.newKeySet();

    EventFeed(DaemonClient daemon, ScheduledExecutorService timers) {
        this.daemon = daemon;
        this.timers = timers;
    }

    /** What one daemon event means to a browser's stream. */
    private enum Verdict {
        /** the browser is gone: stop following */
        GONE,
        /** nothing for the coalesced follow-up */
        QUIET,
        /** send the coalesced follow-up soon */
        CHANGED
    }

    /** One gathering's entries, each forwarded, and its status after each burst. */
    void serve(HttpExchange ex) throws IOException {
        Query q = Query.of(ex.getRequestURI());
        String id = q.required("gathering");
        long after = resumeAfter(ex, q);
        var request = daemon.request("events")
                .put("gathering", id)
                .put("after", after)
                .put("follow", true);
        follow(ex, request, STATUS_DELAY_MS, out -> sendStatus(out, id), (out, e) -> {
            if (PRIVATE.contains(e.path("event").asText()) && e instanceof ObjectNode o) {
                // a private prompt is shown as a marker: its words are for its member, not the browser
                o.remove("text");
            }
            return out.event("entry", e.path("n").asText(), e) ? Verdict.CHANGED : Verdict.GONE;
        });
    }

    /**
     * {@code GET /api/changes}: one {@code changed} event shortly after anything is written to any
     * journal, so the overview redraws when a link or gathering starts, moves or ends. The events op
     * replays every journal first; entries older than this stream are that replay and say nothing new.
     */
    void serveChanges(HttpExchange ex) throws IOException {
        Instant since = Instant.now();
        var request = daemon.request("events").put("follow", true);
        ObjectNode changed = Http.JSON.createObjectNode();
        follow(ex, request, CHANGES_DELAY_MS, out -> out.event("changed", null, changed), (out, e) -> {
            Instant written = parse(e.path("time").asText(""));
            if (written == null || written.isBefore(since)) {
                return Verdict.QUIET;
            }
            changed.put("journal", e.path("journal").asText());
            return Verdict.CHANGED;
        });
    }

    private void follow(
            HttpExchange ex,
            ObjectNode request,
            long delayMs,
            java.util.function.Predicate<SseWriter> soon,
            java.util.function.BiFunction<SseWriter, JsonNode, Verdict> entry)
            throws IOException {
        Http.guarded(ex);
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        SseWriter out = new SseWriter(ex.getResponseBody());
        AtomicBoolean due = new AtomicBoolean();
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
            out.comment("following");
            soon.test(out);
            daemon.stream(request, e -> {
                Verdict v = entry.apply(out, e);
                if (v == Verdict.CHANGED && due.compareAndSet(false, true)) {
                    timers.schedule(
                            () -> {
                                due.set(false);
                                if (!soon.test(out)) {
                                    me.interrupt();
                                }
                            },
                            delayMs,
                            TimeUnit.MILLISECONDS);
                }
                return v != Verdict.GONE;
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

    private static Instant parse(String time) {
        try {
            return Instant.parse(time);
        } catch (java.time.format.DateTimeParseException e) {
            return null;
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
