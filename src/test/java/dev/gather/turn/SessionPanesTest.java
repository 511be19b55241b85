package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.CodexDoors;
import dev.gather.door.Opening;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;

/** Codex turn ends attributed by their payload (real Codex 0.169 notify payloads), not the hook's TMUX_PANE. */
class SessionPanesTest {
    private static final String TURN = Samples.text("codex/notify-0.169-turn.json");
    private static final String TITLE = Samples.text("codex/notify-0.169-title.json");
    private static final String THREAD = "01a208d7-dd57-7c42-852d-9202d4d15daa";

    private final SessionPanes sessions = new SessionPanes();

    /** The shared background server runs every notify with the first pane's TMUX_PANE, here %1. */
    private Optional<String> hook(String payload) {
        HookEvent event = new HookEvent("codex", "%1", Instant.ofEpochMilli(1_700_000_000_000L), payload);
        SessionPanes.Judgement judged = sessions.judge(event);
        if (judged instanceof SessionPanes.SideTurn) {
            return Optional.empty();
        }
        return Optional.of(judged instanceof SessionPanes.Pane p ? p.id() : event.pane());
    }

    /** Gather types "hello b" into %2 and the turn of {@code THREAD} that it began ends: the thread is %2's. */
    private void learnThreadOfB() {
        sessions.typed("%2", "hello b");
        hook(TURN);
    }

    @Test
    void aTurnWhoseInputGatherTypedIntoAPaneIsThatPanes() {
        sessions.typed("%1", "something else");
        sessions.typed("%2", "hello b\n");

        assertEquals(Optional.of("%2"), hook(TURN));
        assertEquals(Optional.of("%2"), sessions.paneOfThread(THREAD));
    }

    @Test
    void aThreadIdNotShapedLikeOneIsNeverLearned() {
        // issue 35: a thread id such as --help reached codex queue as an option
        for (String forged : new String[] {"--help", "../../etc/passwd", "-x"}) {
            SessionPanes fresh = new SessionPanes();
            fresh.typed("%2", "hello b");
            HookEvent event = new HookEvent("codex", "%1", Instant.ofEpochMilli(1), TURN.replace(THREAD, forged));
            assertEquals(new SessionPanes.Pane("%2"), fresh.judge(event), forged);
            assertEquals(Optional.empty(), fresh.threadOfPane("%2"), forged);
            assertEquals(Optional.empty(), fresh.paneOfThread(forged), forged);
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            Opening opening =
                    new CodexDoors(pane -> Optional.of("--help"), timer, Runnable::run).open("%2", OptionalLong::empty);
            assertEquals(new Opening.Absent("codex-queue", "'--help' is not the shape of a Codex thread id"), opening);
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void laterTurnsOfALearnedThreadStayWithItsPane() {
        learnThreadOfB();
        // a turn nobody typed through gather (a human in pane %2, a tool's follow-up): same thread
        String later = TURN.replace("\"hello b\"", "\"typed by a human\"");

        assertEquals(Optional.of("%2"), hook(later));
    }

    @Test
    void aTextTypedOnceEndsOneTurnOnly() {
        learnThreadOfB();
        String otherThread = TURN.replace(THREAD, "01a208d7-0000-7000-8000-000000000000");

        assertEquals(Optional.of("%1"), hook(otherThread));
    }

    @Test
    void theTitleSideTurnIsNoMembersTurnEnd() {
        learnThreadOfB();

        assertEquals(Optional.empty(), hook(TITLE));
    }

    @Test
    void theTitleSideTurnIsDroppedEvenBeforeTheMainTurnEnded() {
        sessions.typed("%2", "hello b");

        assertEquals(Optional.empty(), hook(TITLE));
        assertEquals(Optional.of("%2"), hook(TURN));
    }

    @Test
    void aLearnedThreadAnsweringWithATitleShapedObjectIsStillItsPanes() {
        learnThreadOfB();
        String titleShaped = TURN.replace("\"pong: hello b\"", "\"{\\\"title\\\":\\\"x\\\"}\"");

        assertEquals(Optional.of("%2"), hook(titleShaped));
    }

    @Test
    void anUnknownThreadFallsBackToTheHooksPane() {
        assertEquals(Optional.of("%1"), hook(TURN));
    }

    @Test
    void otherHarnessesKeepTheHooksPane() {
        sessions.typed("%2", "hello b");
        HookEvent event = new HookEvent("sim", "%1", Instant.ofEpochMilli(1L), "{\"text\":\"hello b\"}");

        assertEquals(new SessionPanes.Unknown(), sessions.judge(event));
    }

    @Test
    void aGonePaneForgetsItsThreads() {
        learnThreadOfB();
        sessions.forget("%2");

        assertEquals(Optional.empty(), sessions.paneOfThread(THREAD));
    }

    /** Issue 35: another Codex pane (%3) naming B's thread was taken as B's turn. */
    @Test
    void aLearnedThreadNamedFromAnotherPaneThanItsReporterIsRefusedAndStaysItsPanes() {
        learnThreadOfB(); // reported from %1, the shared server's pane
        HookEvent fromC = new HookEvent("codex", "%3", Instant.ofEpochMilli(2L), TURN);

        SessionPanes.Judgement judged = sessions.judge(fromC, "%3");
        assertTrue(judged instanceof SessionPanes.Refused, judged.toString());
        assertTrue(((SessionPanes.Refused) judged).why().contains("of pane %2"), judged.toString());
        assertEquals(new SessionPanes.Pane("%2"), sessions.judge(fromC, "%1"), "its own reporter still speaks for it");
        assertEquals(Optional.of("%2"), sessions.paneOfThread(THREAD, "%1"));
        assertEquals(Optional.empty(), sessions.paneOfThread(THREAD, "%3"), "a caller in %3 naming it stays itself");
    }

    @Test
    void textTypedIntoAPaneAnsweredFromAnotherThanItsReporterIsRefusedAndLeftForItsOwnTurn() {
        learnThreadOfB();
        sessions.typed("%2", "again for b");
        String otherThread =
                TURN.replace(THREAD, "01a208d7-0000-7000-8000-000000000000").replace("\"hello b\"", "\"again for b\"");

        assertTrue(
                sessions.judge(new HookEvent("codex", "%3", Instant.ofEpochMilli(3L), otherThread), "%3")
                        instanceof SessionPanes.Refused);
        assertEquals(Optional.of("%2"), hook(otherThread), "the typed text waited for the turn its reporter ends");
    }

    @Test
    void aGoneReporterTakesTheThreadsItReportedWithIt() {
        learnThreadOfB();
        sessions.forget("%1");

        assertEquals(Optional.empty(), sessions.paneOfThread(THREAD));
        sessions.typed("%2", "hello b");
        assertEquals(
                new SessionPanes.Pane("%2"),
                sessions.judge(new HookEvent("codex", "%4", Instant.ofEpochMilli(4L), TURN), "%4"));
    }

    @Test
    void theSameTextTypedIntoTwoPanesIsMatchedToTheOneTheWriterReports() {
        learnThreadOfB(); // %2's turns are reported from %1
        sessions.typed("%2", "--- Phase: HOLD ---");
        sessions.typed("%5", "--- Phase: HOLD ---");
        String announced = TURN.replace(THREAD, "01a208d7-0000-7000-8000-000000000005")
                .replace("\"hello b\"", "\"--- Phase: HOLD ---\"");

        assertEquals(
                new SessionPanes.Pane("%5"),
                sessions.judge(new HookEvent("codex", "%5", Instant.ofEpochMilli(5L), announced), "%5"));
        assertEquals(
                Optional.of("%2"), hook(announced.replace("000000000005", "000000000002")), "%2's copy waited for %1");
    }
}
