package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.relay.TurnStart;
import dev.gather.tmux.FakeTmux;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hook heard later than the member's screen grace (a loaded machine: the sim's spool file waited
 * seconds): the screen ended that turn, the member went idle and was typed the next words (the
 * piece), and only then came the hook of the earlier turn. It confirmed the piece and left the member
 * idle mid-turn, and the gathering, reading the piece as taken, relayed the answer to the phase
 * announcement as the holder's words (HearingEndToEndTest on one core). A turn end stamped before
 * Enter was pressed on the words now open is an earlier turn's: it confirms nothing, and it took none
 * of them.
 */
class LateHookTest {
    /** The words a turn end is judged against: the second letter each test types. */
    private static final Letter PIECE = new Letter("j", 2, "Bo", "The piece is now with Bo (1).");

    @TempDir
    Path dir;

    @Test
    void aTurnEndStampedBeforeTheLastWordsWerePastedConfirmsNothingAndTookNoneOfThem() throws Exception {
        // Bo works on the piece: its screen changes until the test is done, so the 1 s grace that lets the
        // screen end the phase's turn cannot end the piece's while the test looks (a loaded machine's
        // stall of a second did, and the member read idle)
        AtomicReference<FakeTmux.FakePane> working = new AtomicReference<>();
        FakeTmux.Program program = (pane, input) -> {
            pane.print(input + "\n");
            if (input.contains(PIECE.text())) {
                working.set(pane);
            }
        };
        ScheduledExecutorService screen = Executors.newSingleThreadScheduledExecutor();
        screen.scheduleAtFixedRate(
                () -> Optional.ofNullable(working.get()).ifPresent(p -> p.print(".")), 0, 100, TimeUnit.MILLISECONDS);
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "1s"), Clock.systemUTC(), program)) {
            Letter phase = new Letter("j", 1, "Bo", "--- Phase: INHALE ---");
            submitted(bo, phase);
            Instant answered = Instant.now(); // Bo's turn on the phase ends; its hook is slow to be heard
            await().atMost(Duration.ofSeconds(20)).until(() -> bo.steps.contains("1:confirmed")); // by the screen
            submitted(bo, PIECE);

            ChannelStatus seen = bo.post.statusAt(bo.pane, answered).orElseThrow();
            assertEquals(List.of(PIECE), seen.queued(), seen::toString);
            assertTrue(seen.unconfirmed().isEmpty(), seen::toString);
            assertFalse(TurnStart.of(Optional.of(seen), "j", 2).beganWith(2), "that turn did not answer the piece");
            assertEquals(List.of(PIECE), bo.post.status(bo.pane).orElseThrow().unconfirmed(), "taken, as of now");

            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(answered));
            assertEquals(MemberState.BUSY, bo.post.status(bo.pane).orElseThrow().state(), bo.steps::toString);
            assertFalse(bo.steps.contains("2:confirmed"), bo.steps::toString);

            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
            assertTrue(bo.steps.contains("2:confirmed"), bo.steps::toString);
            assertEquals(MemberState.IDLE, bo.post.status(bo.pane).orElseThrow().state());
        } finally {
            screen.shutdownNow();
        }
    }

    /**
     * A harness reports a turn's end after it drew its prompt (its hook runs then, and is stamped
     * then), and reads no input until the report is out. On a loaded machine the next words can be
     * pasted in between: gather saw the empty prompt (the screen or an earlier report had ended the
     * turn) and typed, and that turn's end comes stamped after the paste. It cannot be the new words'
     * turn, since Enter was not pressed yet: it confirms nothing of them, and the member is busy with
     * them once they are submitted. Believed, it left the member idle for the whole turn, and a
     * gathering gave a holder mid-turn its final beat (GatheringLeaseTest in CI).
     */
    @Test
    void aTurnEndStampedAfterThePasteButBeforeEnterConfirmsNoneOfTheWords() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "30s"), Clock.systemUTC())) {
            Letter seed = new Letter("j", 1, "Bo", "You are Bo (1).");
            submitted(bo, seed);
            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
            assertTrue(bo.steps.contains("1:confirmed"), bo.steps::toString);

            // the earlier turn's report, stamped once the piece is pasted and before Enter is pressed: the
            // paste's step runs before the delivery goes on to look for its echo and press Enter
            AtomicReference<Instant> late = new AtomicReference<>();
            bo.onStep((letter, pane, state, detail) -> {
                if (letter.equals(PIECE) && DeliveryState.PASTED.equals(detail) && late.get() == null) {
                    late.set(Instant.now());
                    bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(late.get()));
                }
            });
            submitted(bo, PIECE);

            assertEquals(2, bo.submitted().size(), bo.submitted()::toString);
            assertFalse(bo.steps.contains("2:confirmed"), bo.steps::toString);
            ChannelStatus now = bo.post.status(bo.pane).orElseThrow();
            assertEquals(MemberState.BUSY, now.state(), now::toString);
            assertEquals(List.of(PIECE), now.unconfirmed(), now::toString);
            ChannelStatus seen = bo.post.statusAt(bo.pane, late.get()).orElseThrow();
            assertFalse(TurnStart.of(Optional.of(seen), "j", 2).beganWith(2), "that turn did not answer the piece");

            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
            assertTrue(bo.steps.contains("2:confirmed"), bo.steps::toString);
            assertEquals(MemberState.IDLE, bo.post.status(bo.pane).orElseThrow().state());
        }
    }

    /** Posts {@code letter} to {@code bo} and waits until it is submitted (delivered, its turn not ended). */
    private static void submitted(OneMemberPost bo, Letter letter) {
        bo.post.post(bo.pane, letter);
        await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains(letter.ref() + ":delivered"));
    }
}
