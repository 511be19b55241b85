package dev.gather.door;

import dev.gather.journal.AppendedLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * One Codex thread's transcript ({@code $CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<thread>.jsonl}),
 * which Codex's server appends as a turn runs: the turn's user message when it starts, {@code
 * task_complete} when it ends. That is the evidence a queued message was taken, not the queue's "ok".
 */
final class CodexRollout {
    /** How often the file is looked at while a message waits; well under a turn's own start-up. */
    static final Duration POLL = Duration.ofMillis(50);
    /** A watch ends after this long: a message that never started a turn stays "handed", visibly. */
    static final Duration GIVE_UP = Duration.ofHours(12);
    /**
     * How long a turn end waits for the transcript to show that turn: Codex's notify can come before
     * its writer has appended the turn's user message (seen beside a busy loop: 30 ms late).
     */
    static final Duration CATCH_UP = Duration.ofSeconds(2);

    private final Path file;
    private final ScheduledExecutorService timer;

    private CodexRollout(Path file, ScheduledExecutorService timer) {
        this.file = file;
        this.timer = timer;
    }

    /** The transcript of {@code thread} under {@code codexHome}, if Codex wrote one there. */
    static Optional<CodexRollout> find(Path codexHome, String thread, ScheduledExecutorService timer) {
        Path sessions = codexHome.resolve("sessions");
        if (!Files.isDirectory(sessions)) {
            return Optional.empty();
        }
        String suffix = "-" + thread + ".jsonl";
        try (Stream<Path> files = Files.find(
                sessions,
                4,
                (p, a) -> a.isRegularFile() && p.getFileName().toString().endsWith(suffix))) {
            return files.findFirst().map(p -> new CodexRollout(p, timer));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /** Where the transcript ends now: a watch started here sees only what comes after. */
    long end() {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Watches from {@code from} for a turn whose user message is this message, then for its end. A
     * message queued with client id {@code id} is told by that id, which Codex writes on the turn's
     * user-message item, whatever its words; the words ({@code text}) decide where there is no id (a
     * message {@code codex queue} sent) or the transcript names none. Its look, run as a turn of the
     * member ends, reads the file at once (Codex's notify can end a quick turn before the next poll)
     * and, for at most {@code catchUp}, until the file shows that turn: the message taken, or a turn end
     * that no earlier look was answered by (the message waits for a later turn). Past that it answers
     * with what the file shows.
     */
    Watched watch(long from, String text, Optional<String> id, Duration catchUp) {
        Door.Trace trace = new Door.Trace(new CompletableFuture<>(), new CompletableFuture<>());
        Watch w = new Watch(
                from,
                RolloutBefore.read(file, from),
                HarnessCopy.normal(text),
                id,
                trace,
                System.nanoTime() + GIVE_UP.toNanos());
        w.task = timer.scheduleWithFixedDelay(w::look, 0, POLL.toMillis(), TimeUnit.MILLISECONDS);
        return new Watched(
                new Door.Trace(trace.taken(), trace.ended(), turn -> w.catchUp(catchUp, turn)), w::whereabouts);
    }

    /** A message's trace in the transcript, and where the transcript says it is when its wait runs out. */
    record Watched(Door.Trace trace, Supplier<Door.Whereabouts> whereabouts) {}

    /** A user message's words, read at {@code at}: this message's, or another's. */
    private record Words(String at, boolean ours) {}

    private final class Watch {
        private final String text;
        private final Door.Trace trace;
        private final long deadline;
        private final AppendedLines lines;
        /** Turn ends the file showed after the hand, before a turn took the message. */
        private int ends;
        /** Of those, how many a look at a turn end was answered by. */
        private int answered;
        /** The ids of those turns, where the transcript names them. */
        private final Set<String> endedBeforeTake = new HashSet<>();
        /** The ids of the turns that had ended when it was handed. */
        private final Set<String> endedBeforeHand;
        /** A turn that did not carry the message runs now (it started after the hand, and has not ended). */
        private boolean running;
        /** The last look could read the file. */
        private boolean readable = true;
        /** The client id the message was queued with, when it was: its turn's item names it. */
        private final Optional<String> id;
        /** A user message's words whose item has not been read yet; null when none waits. */
        private Words words;
        /** Where the file ended when its whereabouts were last asked, if they were. */
        private long asked = -1;

        private volatile ScheduledFuture<?> task;

        /** {@code before}: what the transcript showed by {@code from}, where the watch starts. */
        Watch(long from, RolloutBefore before, String text, Optional<String> id, Door.Trace trace, long deadline) {
            this.lines = new AppendedLines(file, from);
            this.id = id;
            this.running = before.running();
            this.endedBeforeHand = before.ended();
            this.text = text;
            this.trace = trace;
            this.deadline = deadline;
        }

        synchronized void look() {
            try {
                for (String line : lines.next()) {
                    judge(line);
                }
                readable = true;
            } catch (IOException e) {
                readable = false; // the file may be rotated or briefly unreadable: looked at again next time
            }
            // typed instead (its take cancelled), or its turn over: nothing more to see
            if (trace.ended().isDone() || trace.taken().isCancelled() || System.nanoTime() > deadline) {
                ScheduledFuture<?> t = task;
                if (t != null) {
                    t.cancel(false);
                }
            }
            notifyAll(); // a turn end waiting in catchUp reads what this look found
        }

        /**
         * Looks now, then waits (at most {@code within}) until the file shows the turn that just ended;
         * true when that turn, {@code turn} by its id, ended before the turn that took the message. A
         * turn that had ended before the hand is told by its id at once, however late its notify.
         */
        synchronized boolean catchUp(Duration within, Optional<String> turn) {
            long until = System.nanoTime() + within.toNanos();
            look();
            if (turn.filter(endedBeforeHand::contains).isPresent()) {
                // its notify came late: never this message's turn, nor one a look must answer for
                return trace.taken().isDone() && !trace.taken().isCancelled();
            }
            while (!trace.taken().isDone() && ends <= answered) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    return false; // the file lags: judged on what it shows
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left); // the poll reads the file and wakes this
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            if (!trace.taken().isDone()) {
                answered++; // that end was this turn's: the next look waits for one more
                return false;
            }
            return turn.filter(endedBeforeTake::contains).isPresent();
        }

        private void judge(String text) {
            RolloutLine.parse(text).ifPresent(this::judge);
        }

        private void judge(RolloutLine e) {
            if (trace.taken().isDone()) {
                if (e.turnEnd()) {
                    trace.ended().complete("codex transcript: " + e.type() + " at " + e.timestamp());
                }
                return;
            }
            Words before = words;
            words = null;
            if (e.userItem()) {
                // the item of the words before it: by the client id the message was queued with, where both have one
                boolean byId = id.isPresent() && e.clientId().isPresent();
                if (byId ? id.equals(e.clientId()) : before != null && before.ours()) {
                    take(before != null ? before.at() : e.timestamp(), byId);
                }
                return;
            }
            if (before != null && before.ours()) {
                // words with no item after them: a transcript that names no client ids, judged by the words
                take(before.at(), false);
                judge(e);
                return;
            }
            if (e.userMessage()) {
                boolean ours = text.equals(e.userText());
                if (ours && id.isEmpty()) {
                    take(e.timestamp(), false);
                    return;
                }
                if (id.isPresent()) {
                    words = new Words(e.timestamp(), ours); // its item, next, says whose they are
                }
                running = true; // a turn with these words runs: another message's, or this one's until its item says
            } else if (e.turnEnd()) {
                running = false;
                if (!e.aborted()) {
                    ends++; // an aborted turn sends no notify: no look will answer for it
                    e.turnId().ifPresent(endedBeforeTake::add);
                }
            } else if (e.turnStart()) {
                running = true; // another message's turn: a queued one starts after it
            }
        }

        private void take(String at, boolean byId) {
            trace.taken()
                    .complete("codex transcript shows it as the turn's user message at " + at
                            + (byId ? " (by its client id " + id.orElseThrow() + ")" : ""));
        }

        /**
         * Where the message is by the transcript, asked when its wait ran out: taken; waiting behind a
         * turn that runs without it; or never had, when no turn runs and the file did not change over
         * a whole wait since the last ask (Codex starts a queued message as soon as its thread is idle,
         * so one that waits through two idle waits is not in its queue). Unreadable: cannot tell.
         */
        synchronized Door.Whereabouts whereabouts() {
            look();
            if (trace.taken().isDone() && !trace.taken().isCompletedExceptionally()) {
                return new Door.Whereabouts(
                        Door.Whereabouts.Kind.TAKEN, trace.taken().join());
            }
            if (!readable) {
                return new Door.Whereabouts(
                        Door.Whereabouts.Kind.UNKNOWN, "codex transcript " + file + " is unreadable");
            }
            if (running) {
                asked = -1;
                return new Door.Whereabouts(
                        Door.Whereabouts.Kind.WAITING,
                        "codex transcript shows another turn running; it starts after that");
            }
            boolean unchanged = asked == lines.offset();
            asked = lines.offset();
            return unchanged
                    ? new Door.Whereabouts(
                            Door.Whereabouts.Kind.MISSING,
                            "codex transcript shows no turn carrying it and none running, and nothing new over a whole wait")
                    : new Door.Whereabouts(
                            Door.Whereabouts.Kind.UNKNOWN,
                            "codex transcript shows no turn carrying it yet, and none running; asked again after the next wait");
        }
    }
}
