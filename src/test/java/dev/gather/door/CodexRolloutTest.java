package dev.gather.door;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn end reads Codex's transcript as it comes, but Codex's notify can come before its writer has
 * appended the turn (seen on a loaded machine): the look waits, bounded, until the file shows the turn
 * that ended, so the gathering does not judge a turn that took its message as one that did not.
 */
class CodexRolloutTest {
    private static final String THREAD = "01a2135b-bbba-7ca1-a0da-de3e4ab16401";
    private static final String TEXT = "The piece is now with Bo (2).";
    private static final String USER = "{\"timestamp\":\"t1\",\"type\":\"response_item\",\"payload\":{\"type\":"
            + "\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"" + TEXT + "\"}]}}";
    private static final String END =
            "{\"timestamp\":\"t2\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\"}}";
    /** Long enough that only the file, never this machine's speed, ends a wait in these tests. */
    private static final Duration PATIENT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private Path file;

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    private Door.Trace watch(Duration catchUp) throws Exception {
        Path day = Files.createDirectories(dir.resolve(".codex/sessions/2026/11/29"));
        file = day.resolve("rollout-2026-11-29T02-00-00-" + THREAD + ".jsonl");
        Files.writeString(file, "{\"type\":\"session_meta\",\"payload\":{}}\n");
        CodexRollout rollout =
                CodexRollout.find(dir.resolve(".codex"), THREAD, timer).orElseThrow();
        return rollout.watch(rollout.end(), TEXT, catchUp);
    }

    private void append(String line) throws Exception {
        Files.writeString(file, line + "\n", StandardOpenOption.APPEND);
    }

    /** Runs the trace's look as a turn end does; {@code taken} says whether the message was taken when it returned. */
    private static Thread looking(Door.Trace trace, AtomicBoolean taken) {
        Thread t = new Thread(
                () -> {
                    trace.look().run();
                    taken.set(trace.taken().isDone());
                },
                "turn-end");
        t.start();
        return t;
    }

    /** The look is waiting on the file (or, on old code, already returned). */
    private static void waiting(Thread t) {
        await().atMost(PATIENT)
                .until(() -> t.getState() == Thread.State.TIMED_WAITING || t.getState() == Thread.State.TERMINATED);
    }

    @Test
    void aTurnEndThatCameBeforeTheTranscriptWaitsForItAndFindsTheMessageTaken() throws Exception {
        Door.Trace trace = watch(PATIENT);
        AtomicBoolean taken = new AtomicBoolean();
        Thread end = looking(trace, taken);
        waiting(end);
        append(USER); // Codex's writer catches up after its notify
        append(END);
        end.join(PATIENT.toMillis());
        assertFalse(end.isAlive());
        assertTrue(taken.get(), "the turn that ended took the message: the look waited for the file to show it");
    }

    @Test
    void aTurnThatEndedWithoutTheMessageAnswersOneLookOnlyTheNextWaitsForItsOwnTurn() throws Exception {
        Door.Trace trace = watch(PATIENT);
        append(END); // the turn running when the message was queued ends: it did not take it
        AtomicBoolean first = new AtomicBoolean(true);
        Thread earlier = looking(trace, first);
        earlier.join(PATIENT.toMillis());
        assertFalse(earlier.isAlive());
        assertFalse(first.get(), "that turn did not take the message");

        AtomicBoolean second = new AtomicBoolean();
        Thread next = looking(trace, second); // the next turn ends; its notify again outruns the file
        waiting(next);
        append(USER);
        next.join(PATIENT.toMillis());
        assertFalse(next.isAlive());
        assertTrue(second.get(), "the earlier turn's end does not answer for this one");
    }

    @Test
    void aTranscriptThatNeverShowsTheTurnIsJudgedOnWhatItShowsOnceTheBoundPasses() throws Exception {
        Door.Trace trace = watch(Duration.ofMillis(200));
        AtomicBoolean taken = new AtomicBoolean(true);
        Thread end = looking(trace, taken);
        end.join(PATIENT.toMillis());
        assertFalse(end.isAlive(), "a look never waits past its bound");
        assertFalse(taken.get());
    }
}
