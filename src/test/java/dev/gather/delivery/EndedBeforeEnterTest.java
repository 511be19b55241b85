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
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A harness reports a turn's end after it drew its prompt (its hook runs then, and is stamped then),
 * and reads no input until the report is out. On a loaded machine the next words can be pasted in
 * between: gather saw the empty prompt and typed, and the earlier turn's end comes stamped after the
 * paste. It cannot be the new words' turn, since Enter was not pressed yet: it confirms nothing of
 * them, and the member is busy with them once they are submitted. Believed, it left the member idle
 * for the whole turn, and a gathering gave a holder mid-turn its final beat (GatheringLeaseTest in CI).
 */
class EndedBeforeEnterTest {
    @TempDir
    Path dir;

    @Test
    void aTurnEndStampedAfterThePasteButBeforeEnterConfirmsNoneOfTheWords() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "30s"), Clock.systemUTC())) {
            Letter seed = new Letter("j", 1, "Bo", "You are Bo (1).");
            Letter piece = new Letter("j", 2, "Bo", "The piece is now with Bo (1).");
            bo.post.post(bo.pane, seed);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:delivered"));
            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
            assertTrue(bo.steps.contains("1:confirmed"), bo.steps::toString);

            // the earlier turn's report, stamped once the piece is pasted and before Enter is pressed: the
            // paste's step runs before the delivery goes on to look for its echo and press Enter
            AtomicReference<Instant> late = new AtomicReference<>();
            bo.onStep((letter, pane, state, detail) -> {
                if (letter.equals(piece) && DeliveryState.PASTED.equals(detail) && late.get() == null) {
                    late.set(Instant.now());
                    bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(late.get()));
                }
            });
            bo.post.post(bo.pane, piece);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("2:delivered"));

            assertEquals(2, bo.submitted().size(), bo.submitted()::toString);
            assertFalse(bo.steps.contains("2:confirmed"), bo.steps::toString);
            ChannelStatus now = bo.post.status(bo.pane).orElseThrow();
            assertEquals(MemberState.BUSY, now.state(), now::toString);
            assertEquals(List.of(piece), now.unconfirmed(), now::toString);
            ChannelStatus seen = bo.post.statusAt(bo.pane, late.get()).orElseThrow();
            assertFalse(TurnStart.of(Optional.of(seen), "j", 2).beganWith(2), "that turn did not answer the piece");

            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
            assertTrue(bo.steps.contains("2:confirmed"), bo.steps::toString);
            assertEquals(MemberState.IDLE, bo.post.status(bo.pane).orElseThrow().state());
        }
    }
}
