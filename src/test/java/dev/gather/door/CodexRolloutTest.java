package dev.gather.door;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;
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
    private static final String ABORTED = "{\"timestamp\":\"t0\",\"type\":\"event_msg\",\"payload\":{\"type\":"
            + "\"turn_aborted\",\"reason\":\"interrupted\"}}";
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

    @Test
    void aTurnThatEndedBeforeTheTurnThatTookTheMessageIsToldByItsId() throws Exception {
        Door.Trace trace = watch(PATIENT);
        // handed while turn-1 ran: it ended, and turn-2 took the message, before turn-1's notify is judged
        append(endOf("turn-1"));
        append(USER);
        assertTrue(trace.look().endedBefore(Optional.of("turn-1")), "turn-1 ended before the turn that took it");
        assertTrue(trace.taken().isDone(), "the look read the take");
        assertFalse(trace.look().endedBefore(Optional.of("turn-2")), "the turn that took it");
        assertFalse(trace.look().endedBefore(Optional.empty()), "an end its hook gave no id is not told apart");
    }

    @Test
    void aTurnEndJudgedBeforeTheTakeIsNotAnEarlierOneAfterIt() throws Exception {
        Door.Trace trace = watch(PATIENT);
        append(endOf("turn-1"));
        assertFalse(trace.look().endedBefore(Optional.of("turn-1")), "not taken yet: the message waits");
        append(USER);
        append(endOf("turn-2"));
        assertFalse(trace.look().endedBefore(Optional.of("turn-2")), "the turn that took it");
    }

    private static String endOf(String turn) {
        return "{\"timestamp\":\"t2\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\","
                + "\"turn_id\":\"" + turn + "\"}}";
    }

    private void append(String line) throws Exception {
        Files.writeString(file, line + "\n", StandardOpenOption.APPEND);
    }

    /**
     * Runs the trace's look as a turn end does, on its own thread; once it waits on the file (or, on
     * old code, has returned), Codex's writer appends {@code written}. Whether the message was taken
     * when the look returned.
     */
    private boolean takenWhenLooked(Door.Trace trace, String... written) throws Exception {
        AtomicBoolean taken = new AtomicBoolean();
        Thread end = new Thread(
                () -> {
                    trace.look().endedBefore(Optional.empty());
                    taken.set(trace.taken().isDone());
                },
                "turn-end");
        end.start();
        await().atMost(PATIENT)
                .until(() -> end.getState() == Thread.State.TIMED_WAITING || end.getState() == Thread.State.TERMINATED);
        for (String line : written) {
            append(line);
        }
        end.join(PATIENT.toMillis());
        assertFalse(end.isAlive(), "a look never waits past its bound");
        return taken.get();
    }

    @Test
    void aTurnEndThatCameBeforeTheTranscriptWaitsForItAndFindsTheMessageTaken() throws Exception {
        Door.Trace trace = watch(PATIENT);
        // Codex's writer catches up after its notify
        assertTrue(
                takenWhenLooked(trace, USER, END),
                "the turn that ended took the message: the look waited for the file to show it");
    }

    @Test
    void aTurnThatEndedWithoutTheMessageAnswersOneLookOnlyTheNextWaitsForItsOwnTurn() throws Exception {
        Door.Trace trace = watch(PATIENT);
        append(END); // the turn running when the message was queued ends: it did not take it
        assertFalse(takenWhenLooked(trace), "that turn did not take the message");
        // the next turn ends; its notify again outruns the file
        assertTrue(takenWhenLooked(trace, USER), "the earlier turn's end does not answer for this one");
    }

    /**
     * Codex runs no notify for a turn that was interrupted (Esc): its abort in the file answers for no
     * turn end, or the next turn's notify, outrunning the file, would be judged at once as a turn that
     * did not take the message, and the member read idle while that turn runs.
     */
    @Test
    void anInterruptedTurnAnswersNoLookAsItSendsNoNotify() throws Exception {
        Door.Trace trace = watch(PATIENT);
        append(ABORTED); // the turn running when the message was queued is interrupted: no notify
        assertTrue(takenWhenLooked(trace, USER, END), "the next turn's end waits for its own turn in the file");
    }

    @Test
    void aTranscriptThatNeverShowsTheTurnIsJudgedOnWhatItShowsOnceTheBoundPasses() throws Exception {
        Door.Trace trace = watch(Duration.ofMillis(200));
        assertFalse(takenWhenLooked(trace));
    }
}
