package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.relay.TurnStart;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hook heard later than the member's screen grace (a loaded machine: the sim's spool file waited
 * seconds): the screen ended that turn, the member went idle and was typed the next words (the
 * piece), and only then came the hook of the earlier turn. It confirmed the piece and left the member
 * idle mid-turn, and the gathering, reading the piece as taken, relayed the answer to the phase
 * announcement as the holder's words (HearingEndToEndTest on one core). A turn end stamped before the
 * words now open were pasted is an earlier turn's: it confirms nothing, and it took none of them.
 */
class LateHookTest {
    @TempDir
    Path dir;

    @Test
    void aTurnEndStampedBeforeTheLastWordsWerePastedConfirmsNothingAndTookNoneOfThem() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "1s"), Clock.systemUTC())) {
            Letter phase = new Letter("j", 1, "Bo", "--- Phase: INHALE ---");
            Letter piece = new Letter("j", 2, "Bo", "The piece is now with Bo (1).");
            bo.post.post(bo.pane, phase);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:delivered"));
            Instant answered = Instant.now(); // Bo's turn on the phase ends; its hook is slow to be heard
            await().atMost(Duration.ofSeconds(20)).until(() -> bo.steps.contains("1:confirmed")); // by the screen
            bo.post.post(bo.pane, piece);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("2:delivered"));

            ChannelStatus seen = bo.post.statusAt(bo.pane, answered).orElseThrow();
            assertEquals(List.of(piece), seen.queued(), seen::toString);
            assertTrue(seen.unconfirmed().isEmpty(), seen::toString);
            assertFalse(TurnStart.of(Optional.of(seen), "j", 2).beganWith(2), "that turn did not answer the piece");
            assertEquals(List.of(piece), bo.post.status(bo.pane).orElseThrow().unconfirmed(), "taken, as of now");

            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(answered));
            assertEquals(MemberState.BUSY, bo.post.status(bo.pane).orElseThrow().state(), bo.steps::toString);
            assertFalse(bo.steps.contains("2:confirmed"), bo.steps::toString);

            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
            assertTrue(bo.steps.contains("2:confirmed"), bo.steps::toString);
            assertEquals(MemberState.IDLE, bo.post.status(bo.pane).orElseThrow().state());
        }
    }
}
