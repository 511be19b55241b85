package dev.gather.door;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One Codex thread's transcript ({@code $CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<thread>.jsonl}),
 * which Codex's server appends as a turn runs: the turn's user message when it starts, {@code
 * task_complete} when it ends. That is the evidence a queued message was taken, not the queue's "ok".
 */
final class CodexRollout {
    private static final ObjectMapper JSON = new ObjectMapper();
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
     * Watches from {@code from} for a turn whose user message is {@code text}, then for its end. Its
     * look, run as a turn of the member ends, reads the file at once (Codex's notify can end a quick
     * turn before the next poll) and, for at most {@code catchUp}, until the file shows that turn: the
     * message taken, or a turn end that no earlier look was answered by (the message waits for a later
     * turn). Past that it answers with what the file shows.
     */
    Door.Trace watch(long from, String text, Duration catchUp) {
        Door.Trace trace = new Door.Trace(new CompletableFuture<>(), new CompletableFuture<>());
        Watch w = new Watch(from, normal(text), trace, System.nanoTime() + GIVE_UP.toNanos());
        w.task = timer.scheduleWithFixedDelay(w::look, 0, POLL.toMillis(), TimeUnit.MILLISECONDS);
        return new Door.Trace(trace.taken(), trace.ended(), turn -> w.catchUp(catchUp, turn));
    }

    private final class Watch {
        private final String text;
        private final Door.Trace trace;
        private final long deadline;
        private long offset;
        /** Turn ends the file showed after the hand, before a turn took the message. */
        private int ends;
        /** Of those, how many a look at a turn end was answered by. */
        private int answered;
        /** The ids of those turns, where the transcript names them. */
        private final Set<String> endedBeforeTake = new HashSet<>();

        private volatile ScheduledFuture<?> task;

        Watch(long from, String text, Door.Trace trace, long deadline) {
            this.offset = from;
            this.text = text;
            this.trace = trace;
            this.deadline = deadline;
        }

        synchronized void look() {
            try {
                for (String line : newLines()) {
                    judge(line);
                }
            } catch (IOException e) {
                // the file may be rotated or briefly unreadable: looked at again next time
            }
            if (trace.ended().isDone() || System.nanoTime() > deadline) {
                ScheduledFuture<?> t = task;
                if (t != null) {
                    t.cancel(false);
                }
            }
            notifyAll(); // a turn end waiting in catchUp reads what this look found
        }

        /**
         * Looks now, then waits (at most {@code within}) until the file shows the turn that just ended;
         * true when that turn, {@code turn} by its id, ended before the turn that took the message.
         */
        synchronized boolean catchUp(Duration within, Optional<String> turn) {
            long until = System.nanoTime() + within.toNanos();
            look();
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

        private void judge(String line) {
            JsonNode e;
            try {
                e = JSON.readTree(line);
            } catch (IOException x) {
                return;
            }
            JsonNode payload = e.path("payload");
            if (!trace.taken().isDone()) {
                if ("response_item".equals(e.path("type").asText())
                        && "message".equals(payload.path("type").asText())
                        && "user".equals(payload.path("role").asText())
                        && text.equals(normal(userText(payload)))) {
                    trace.taken()
                            .complete("codex transcript shows it as the turn's user message at "
                                    + e.path("timestamp").asText("?"));
                } else if (turnEnd(e, payload) && !aborted(payload)) {
                    ends++; // an aborted turn sends no notify: no look will answer for it
                    turnId(payload).ifPresent(endedBeforeTake::add);
                }
            } else if (turnEnd(e, payload)) {
                trace.ended()
                        .complete("codex transcript: " + payload.path("type").asText() + " at "
                                + e.path("timestamp").asText("?"));
            }
        }

        /** Whole lines appended since the last look; a line still being written waits for next time. */
        private List<String> newLines() throws IOException {
            List<String> lines = new ArrayList<>();
            try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                long size = in.length();
                if (size <= offset) {
                    return lines;
                }
                byte[] bytes = new byte[(int) Math.min(size - offset, 8L << 20)];
                in.seek(offset);
                in.readFully(bytes);
                int start = 0;
                for (int i = 0; i < bytes.length; i++) {
                    if (bytes[i] == '\n') {
                        lines.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                        start = i + 1;
                    }
                }
                offset += start;
            }
            return lines;
        }
    }

    /**
     * A turn's end in the transcript: completed, or aborted. Codex runs its notify only for a turn
     * that completed (agent-turn-complete), never for one interrupted or replaced.
     */
    private static boolean turnEnd(JsonNode e, JsonNode payload) {
        String type = payload.path("type").asText();
        return "event_msg".equals(e.path("type").asText())
                && (type.equals("task_complete") || type.equals("turn_aborted"));
    }

    /** A turn's id where the transcript names it ({@code turn_id}, as Codex 0.169 writes). */
    private static Optional<String> turnId(JsonNode node) {
        return Optional.of(node.path("turn_id")).filter(JsonNode::isTextual).map(JsonNode::asText);
    }

    private static boolean aborted(JsonNode payload) {
        return payload.path("type").asText().equals("turn_aborted");
    }

    private static String userText(JsonNode payload) {
        StringBuilder s = new StringBuilder();
        for (JsonNode part : payload.path("content")) {
            if ("input_text".equals(part.path("type").asText())) {
                s.append(s.length() == 0 ? "" : "\n").append(part.path("text").asText());
            }
        }
        return s.toString();
    }

    /** Codex's copy and ours differ at most in line endings and surrounding blanks. */
    private static String normal(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n').strip().replaceAll("\\s+", " ");
    }
}
