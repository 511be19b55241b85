package dev.gather.door;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Codex CLI's own queue: the message goes on the thread in Codex's background server, which starts a
 * turn with it at once when the thread is idle and after the running turn otherwise; the composer, and
 * a draft in it, is never touched. Sent on the server's control socket ({@link CodexControl}) as
 * {@code codex queue} sends it; when that socket is not there or will not take it (another version of
 * Codex, say), by running {@code codex queue --thread <id> --message=<text>} with the pane's own
 * program and environment, so it reaches the server and thread store that pane uses.
 */
final class CodexQueueDoor implements Door {
    static final String NAME = "codex-queue";
    private static final Logger LOG = LoggerFactory.getLogger(CodexQueueDoor.class);
    /** The server answers in milliseconds, `codex queue` in ~0.1–0.5 s; far longer means the server hangs. */
    static final Duration ANSWER_WITHIN = Duration.ofSeconds(30);

    private final Path program;
    private final Optional<Path> control;
    private final Map<String, String> env;
    private final String thread;
    private final Optional<CodexRollout> rollout;
    private final Executor executor;
    private final Duration answerWithin;
    /** Whether the log said once why the control socket did not take a message. */
    private final AtomicBoolean toldFallback = new AtomicBoolean();
    /** By parcel reference: the handle on each parcel handed and not yet asked for. */
    private final Map<String, Door.Trace> traces = new ConcurrentHashMap<>();
    /** By parcel reference: where the transcript says each parcel is, until a turn takes it (or it is typed instead). */
    private final Map<String, Supplier<Door.Whereabouts>> records = new ConcurrentHashMap<>();

    /**
     * {@code control}: the server's control socket, if it is to be tried first; {@code answerWithin}:
     * how long the server or {@code codex queue} may take before the door counts as failed.
     */
    CodexQueueDoor(
            Path program,
            Optional<Path> control,
            Map<String, String> env,
            String thread,
            Optional<CodexRollout> rollout,
            Executor executor,
            Duration answerWithin) {
        this.answerWithin = answerWithin;
        this.program = program;
        this.control = control;
        this.env = Map.copyOf(env);
        if (!CodexDoors.threadId(thread)) {
            throw new IllegalArgumentException("'" + thread + "' is not the shape of a Codex thread id");
        }
        this.thread = thread;
        this.rollout = rollout;
        this.executor = executor;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CompletableFuture<Handover> hand(Parcel parcel) {
        try {
            return CompletableFuture.supplyAsync(() -> run(parcel), executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.completedFuture(
                    new Handover.Failed("the door is closed (the daemon is stopping)"));
        }
    }

    @Override
    public Optional<Door.Trace> trace(String ref) {
        return Optional.ofNullable(traces.remove(ref));
    }

    /** By Codex's transcript; a parcel without one (or long taken) cannot be told. */
    @Override
    public Door.Whereabouts whereabouts(Parcel parcel) {
        Supplier<Door.Whereabouts> record = records.get(parcel.ref());
        return record != null ? record.get() : Door.super.whereabouts(parcel);
    }

    private Handover run(Parcel parcel) {
        String text = parcel.text();
        long from = rollout.map(CodexRollout::end).orElse(0L);
        // the id Codex's server keeps with the message and writes on its turn's item: how the watch knows it
        String clientId = UUID.randomUUID().toString();
        Optional<Handover> viaSocket = control.flatMap(socket -> viaControl(socket, text, clientId));
        Handover handover = viaSocket.orElseGet(() -> viaCommand(text));
        Optional<String> id = viaSocket.map(h -> clientId);
        if (handover instanceof Handover.Handed) {
            rollout.ifPresent(w -> {
                CodexRollout.Watched watched = w.watch(from, text, id, CodexRollout.CATCH_UP);
                records.put(parcel.ref(), watched.whereabouts());
                watched.trace().taken().whenComplete((how, e) -> records.remove(parcel.ref()));
                traces.put(parcel.ref(), watched.trace());
            });
        }
        return handover;
    }

    /** Empty when the socket did not take the message: {@code codex queue} may. */
    private Optional<Handover> viaControl(Path socket, String text, String clientId) {
        try {
            String id = CodexControl.queue(socket, thread, text, clientId, answerWithin);
            return Optional.of(
                    new Handover.Handed("Queued message " + id + " for thread " + thread + " (control socket)."));
        } catch (CodexControl.NotQueued e) {
            if (!toldFallback.getAndSet(true)) {
                LOG.info("Codex thread {}: running codex queue instead: {}", thread, e.getMessage());
            }
            return Optional.empty();
        } catch (TimeoutException e) {
            return Optional.of(
                    new Handover.Failed("Codex's app server did not answer within " + answerWithin.toMillis() + " ms"));
        } catch (IOException e) {
            return Optional.of(new Handover.Failed("Codex's app server: " + e.getMessage()));
        }
    }

    private Handover viaCommand(String text) {
        // "--message=" keeps a text that starts with '-' a value; no shell sees it: it stays data
        ProcessBuilder pb =
                new ProcessBuilder(List.of(program.toString(), "queue", "--thread", thread, "--message=" + text));
        pb.environment().clear();
        pb.environment().putAll(env);
        ChildRun.Result r;
        try {
            r = ChildRun.run(pb, answerWithin);
        } catch (IOException e) {
            return new Handover.Failed("cannot run " + program + ": " + e.getMessage());
        } catch (TimeoutException e) {
            return new Handover.Failed(program + " queue did not answer within " + answerWithin.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Handover.Failed("codex queue interrupted");
        }
        if (r.exit() != 0) {
            String why = said(r.out(), "Error:").orElse("exit " + r.exit());
            return unknownThread(why)
                    ? new Handover.Refused("codex has no thread " + thread + ": " + why)
                    : new Handover.Failed("codex queue: " + why);
        }
        return new Handover.Handed(said(r.out(), "Queued message").orElse("codex queue exited 0"));
    }

    /** Codex's own words: the first line starting with {@code start} (its errors end in a backtrace). */
    private static Optional<String> said(String out, String start) {
        return out.lines().map(String::strip).filter(l -> l.startsWith(start)).findFirst();
    }

    private static boolean unknownThread(String why) {
        return why.contains("no rollout found") || why.contains("No active session");
    }
}
