package dev.gather.server;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How fast one speaker may put words into others' panes: at most {@code burst} messages in any
 * {@code window}, per speaker (a pane, a pull member's token, or the terminal outside every pane),
 * for the ops that relay words ({@code say}, {@code send}). Past that a request is refused, saying
 * when to try again; nothing is queued for later, so a loop cannot bury the members in messages.
 */
public final class Pace {
    /** Ten messages in ten seconds: far above a person typing or an agent's turns, far below a loop. */
    public static final int BURST = 10;

    public static final Duration WINDOW = Duration.ofSeconds(10);

    private static final Set<String> PACED = Set.of("say", "send");

    private final Clock clock;
    private final int burst;
    private final Duration window;
    private final Map<String, Deque<Instant>> recent = new ConcurrentHashMap<>();

    public Pace(Clock clock) {
        this(clock, BURST, WINDOW);
    }

    Pace(Clock clock, int burst, Duration window) {
        this.clock = clock;
        this.burst = burst;
        this.window = window;
    }

    /** Counts {@code r} against its speaker, or throws {@link UserError} when the speaker is past its pace. */
    public void check(Request r) {
        if (!PACED.contains(r.op()) || r.flag("close_link")) {
            return;
        }
        String speaker = r.callerPane()
                .or(() -> token(r).map(t -> "token " + t.hashCode()))
                .orElse("the terminal outside every pane");
        Instant now = clock.instant();
        Deque<Instant> times = recent.computeIfAbsent(speaker, s -> new ArrayDeque<>());
        synchronized (times) {
            while (!times.isEmpty() && !times.peekFirst().isAfter(now.minus(window))) {
                times.removeFirst();
            }
            if (times.size() >= burst) {
                long wait = Math.max(
                        1, Duration.between(now, times.peekFirst().plus(window)).toSeconds());
                throw new UserError(r.op() + ": refused: " + burst + " messages in " + window.toSeconds()
                        + " s from " + speaker(r) + " already; the members are not flooded. Try again in "
                        + wait + " s");
            }
            times.addLast(now);
        }
    }

    private static Optional<String> token(Request r) {
        return r.args().path("token").isTextual()
                ? Optional.of(r.args().path("token").asText())
                : Optional.empty();
    }

    private static String speaker(Request r) {
        return r.callerPane().map(p -> "pane " + p).orElse(token(r).isPresent() ? "this member" : "this terminal");
    }
}
