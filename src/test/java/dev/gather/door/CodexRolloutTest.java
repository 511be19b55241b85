package dev.gather.door;

import static dev.gather.door.Door.Whereabouts.Kind.MISSING;
import static dev.gather.door.Door.Whereabouts.Kind.UNKNOWN;
import static dev.gather.door.Door.Whereabouts.Kind.WAITING;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn end reads Codex's transcript as it comes, but Codex's notify can come before its writer has
 * appended the turn (seen on a loaded machine): the look waits, bounded, until the file shows the turn
 * that ended, so the gathering does not judge a turn that took its message as one that did not.
 */
class CodexRolloutTest {
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

    @AutoClose
    private TranscriptFile transcript;

    private Door.Trace watch(Duration catchUp) throws Exception {
        return watched(catchUp).trace();
    }

    /** A watch on {@code TEXT}, handed after {@code before} (lines the transcript had by then). */
    private CodexRollout.Watched watched(Duration catchUp, String... before) throws Exception {
        transcript = new TranscriptFile(dir);
        transcript.append(before);
        CodexRollout rollout = transcript.rollout();
        return rollout.watch(rollout.end(), TEXT, Optional.empty(), catchUp);
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

    /** The turn ended before the hand; its notify is judged only after the next turn took the message. */
    @Test
    void aTurnThatEndedBeforeTheHandIsToldByItsIdHoweverLateItsNotify() throws Exception {
        Door.Trace trace = watched(PATIENT, STARTED, endOf("turn-0")).trace();
        append(USER);
        assertTrue(trace.look().endedBefore(Optional.of("turn-0")), "turn-0 ended before the turn that took it");
        assertFalse(trace.look().endedBefore(Optional.of("turn-1")), "the turn that took it");
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
        transcript.append(line);
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

    private static final String STARTED =
            "{\"timestamp\":\"t0\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_started\",\"turn_id\":\"t-1\"}}";

    private static Door.Whereabouts.Kind asked(CodexRollout.Watched watched) {
        return watched.whereabouts().get().kind();
    }

    /**
     * Codex starts a queued message as soon as its thread is idle: one its transcript never shows while
     * no turn runs, over two waits with nothing new, is not in its queue (dropped, or never queued) and
     * is typed instead rather than holding the member's door for good.
     */
    @Test
    void aMessageNoTurnStartsWhileCodexIsIdleIsMissingAfterAWholeWaitWithNothingNew() throws Exception {
        CodexRollout.Watched watched = watched(PATIENT);
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, asked(watched), "the first wait: not yet believed");
        assertEquals(Door.Whereabouts.Kind.MISSING, asked(watched), "a second with nothing new");
    }

    @Test
    void aTranscriptThatGrewBetweenTwoAsksIsAskedAgain() throws Exception {
        CodexRollout.Watched watched = watched(PATIENT);
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, asked(watched));
        append("{\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\"}}");
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, asked(watched), "Codex wrote meanwhile");
        assertEquals(Door.Whereabouts.Kind.MISSING, asked(watched));
    }

    @Test
    void whileAnotherTurnRunsItWaitsForThatTurnHoweverLong() throws Exception {
        CodexRollout.Watched watched = watched(PATIENT);
        append(STARTED);
        assertEquals(Door.Whereabouts.Kind.WAITING, asked(watched));
        assertEquals(Door.Whereabouts.Kind.WAITING, asked(watched), "a long turn, silent between asks");
        append(END);
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, asked(watched), "idle now: a whole wait first");
        assertEquals(Door.Whereabouts.Kind.MISSING, asked(watched));
    }

    /** Whether a turn ran when it was handed is read from the transcript before the hand. */
    @Test
    void aTurnRunningWhenItWasHandedKeepsItWaitingOneThatEndedBeforeDoesNot() throws Exception {
        assertEquals(List.of(WAITING, WAITING), asks(watched(PATIENT, END, STARTED), 2));
        assertEquals(List.of(UNKNOWN, MISSING), asks(watched(PATIENT, STARTED, END), 2));
    }

    private static List<Door.Whereabouts.Kind> asks(CodexRollout.Watched watched, int times) {
        List<Door.Whereabouts.Kind> kinds = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            kinds.add(asked(watched));
        }
        return kinds;
    }

    @Test
    void aMessageATurnTookIsTakenAndAnUnreadableTranscriptCannotTell() throws Exception {
        CodexRollout.Watched watched = watched(PATIENT);
        append(USER);
        assertEquals(Door.Whereabouts.Kind.TAKEN, asked(watched));

        CodexRollout.Watched lost = watched(PATIENT);
        Files.delete(transcript.file());
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, asked(lost));
        assertEquals(Door.Whereabouts.Kind.UNKNOWN, asked(lost), "never missing on a file it cannot read");
    }
}
