package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn-end hook of an earlier turn that arrives while new words are being typed confirms the
 * earlier words only: the new words start a turn of their own, so the member is busy until that one
 * ends (a sim whose previous answer ended as the next beat was typed read as idle while it thought).
 */
class TurnAttributionTest {
    @TempDir
    Path dir;

    @Test
    void aTurnThatEndedBeforeThePasteDoesNotConfirmTheWordsBeingTyped() throws Exception {
        Clock clock = Clock.systemUTC();
        try (OneMemberPost ed = new OneMemberPost("Ed", HookedProfile.load(dir, "3s"), clock)) {
            ed.onStep((letter, p, state, detail) -> {
                if (state == DeliveryState.TYPING && detail.equals(DeliveryState.PASTED)) {
                    // the hook of the turn before, stamped a second before these words reached the pane
                    ed.post.turnEnded(
                            p,
                            Optional.empty(),
                            "turn-end hook",
                            Optional.of(clock.instant().minusSeconds(1)));
                }
            });
            ed.post.post(ed.pane, new Letter("j", 7, "Ed", "[Beat 2/9] Signals refresh"));
            await().atMost(Duration.ofSeconds(20)).until(() -> ed.steps.contains("7:delivered"));
            assertEquals(MemberState.BUSY, ed.post.status(ed.pane).orElseThrow().state(), ed.steps::toString);
            assertEquals(
                    List.of(),
                    ed.steps.stream().filter(s -> s.equals("7:confirmed")).toList());

            // its own turn's end confirms it
            ed.post.turnEnded(ed.pane, Optional.empty(), "turn-end hook", Optional.of(clock.instant()));
            await().atMost(Duration.ofSeconds(20)).until(() -> ed.steps.contains("7:confirmed"));
            assertEquals(MemberState.IDLE, ed.post.status(ed.pane).orElseThrow().state());
        }
    }
}
