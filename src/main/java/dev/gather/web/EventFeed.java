package dev.gather.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.gather.client.DaemonClient;
import dev.gather.server.UserError;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Predicate;

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
    // a write to a browser that left fails from the second one on: its stream and daemon connection
    // are freed within two beats of this (a reload frees them at once, see Streams)
    private static final long HEARTBEAT_S = 2;
    // the beat is journalled a moment after its timer fires: look then
    private static final long BEAT_SETTLE_MS = 300;
    private static final Set<String> PRIVATE = Set.of("beat", "seed", "private");

    private final DaemonClient daemon;
    private final ScheduledExecutorService timers;
    private final Streams open = new Streams(Streams.MAX);

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

    /**
     * One journal's entries, each forwarded, and after each burst the fresh state of what writes it: a
     * gathering's {@code gathering_status} ({@code ?gathering=id}) or a plain link's entry of the {@code
     * links} op ({@code ?link=id}).
     */
    void serve(HttpExchange ex) throws IOException {
        Query q = Query.of(ex.getRequestURI());
        Optional<String> link = q.optional("link");
        String id = link.orElseGet(() -> q.required("gathering"));
        long after = resumeAfter(ex, q);
        var request = daemon.request("events")
                .put(link.isPresent() ? "link" : "gathering", id)
                .put("after", after)
                .put("follow", true);
        StatusSender status = new StatusSender(id);
        Predicate<SseWriter> fresh = link.isPresent() ? out -> sendLink(out, id) : status;
        follow(ex, q, request, STATUS_DELAY_MS, fresh, status::stop, (out, e) -> {
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
        follow(
                ex,
                Query.of(ex.getRequestURI()),
                request,
                CHANGES_DELAY_MS,
                out -> out.event("changed", null, changed),
                () -> {},
                (out, e) -> {
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
            Query q,
            ObjectNode request,
            long delayMs,
            Predicate<SseWriter> soon,
            Runnable ended,
            BiFunction<SseWriter, JsonNode, Verdict> entry)
            throws IOException {
        Http.guarded(ex);
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        SseWriter out = new SseWriter(ex.getResponseBody());
        AtomicBoolean due = new AtomicBoolean();
        Thread me = Thread.currentThread();
        AtomicBoolean live = new AtomicBoolean(true);
        // an interrupt ends the blocked read of the daemon's stream (an interruptible channel); once this
        // stream has ended its thread serves other requests, whose daemon calls a late interrupt would break
        Runnable stop = () -> {
            synchronized (live) {
                if (live.get()) {
                    me.interrupt();
                }
            }
        };
        // a browser that closed its tab is only noticed on a write: a comment line every few seconds
        ScheduledFuture<?> heartbeat = timers.scheduleWithFixedDelay(
                () -> {
                    if (!out.comment("alive")) {
                        stop.run();
                    }
                },
                HEARTBEAT_S,
                HEARTBEAT_S,
                TimeUnit.SECONDS);
        long key = open.started(q.optional("tab"), q.optional("replaces"), stop);
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
                                    stop.run();
                                }
                            },
                            delayMs,
                            TimeUnit.MILLISECONDS);
                }
                return v != Verdict.GONE;
            });
        } catch (UserError e) {
            out.event("failure", null, Http.error(e.getMessage()));
        } catch (ClosedByInterruptException gone) {
            // the browser went away (or the server is closing): the daemon sees its end of the stream close
        } finally {
            heartbeat.cancel(false);
            ended.run();
            synchronized (live) {
                live.set(false);
            }
            open.ended(key); // not under live's lock: Streams ends others holding its own

            Thread.interrupted(); // one that came before the stream ended
        }
    }

    private static Instant parse(String time) {
        try {
            return Instant.parse(time);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * Sends a gathering's status; and since a beat falling due writes nothing to the journal while it
     * waits on a holder mid-turn, sends it again just after the next beat's time, so the page's countdown
     * learns whether the beat came or is held.
     */
    private final class StatusSender implements Predicate<SseWriter> {
        private final String id;
        private final AtomicReference<ScheduledFuture<?>> again = new AtomicReference<>();
        private volatile boolean stopped;

        StatusSender(String id) {
            this.id = id;
        }

        /** The stream ended: no status is sent again. */
        void stop() {
            stopped = true;
            ScheduledFuture<?> pending = again.getAndSet(null);
            if (pending != null) {
                pending.cancel(false);
            }
        }

        @Override
        public boolean test(SseWriter out) {
            JsonNode status;
            try {
                status = daemon.call(daemon.request("gathering_status").put("gathering", id));
            } catch (IOException | UserError e) {
                // a daemon restarted since knows the gathering only from its journal: the entries still flow
                return out.comment("no status: " + e.getMessage());
            }
            if (!out.event("status", null, status)) {
                return false;
            }
            if (status.path("next_beat_at").isNumber() && !stopped) {
                long in = status.path("next_beat_at").asLong()
                        - status.path("as_of").asLong()
                        + BEAT_SETTLE_MS;
                ScheduledFuture<?> before =
                        again.getAndSet(timers.schedule(() -> test(out), Math.max(0, in), TimeUnit.MILLISECONDS));
                if (before != null) {
                    before.cancel(false);
                }
            }
            return true;
        }
    }

    /** A plain link as the {@code links} op shows it, with {@code open}; once gone, only {@code open: false}. */
    private boolean sendLink(SseWriter out, String id) {
        JsonNode links;
        try {
            links = daemon.call(daemon.request("links"));
        } catch (IOException | UserError e) {
            return out.comment("no links: " + e.getMessage());
        }
        for (JsonNode l : links.path("links")) {
            if (l.path("id").asText().equals(id) && l instanceof ObjectNode o) {
                return out.event("link", null, o.put("open", true));
            }
        }
        return out.event(
                "link", null, Http.JSON.createObjectNode().put("id", id).put("open", false));
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

    /** Event streams open now. */
    int streams() {
        return open.size();
    }

    void close() {
        open.endAll();
    }
}
