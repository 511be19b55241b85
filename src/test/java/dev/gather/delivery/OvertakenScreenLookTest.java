package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.tmux.FakeTmux;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The screen watch judged a member's turn over (its box empty, its screen still) while tmux answered
 * its look; meanwhile that turn's hook was heard, the member went idle and the next words (the piece)
 * were taken for typing. The look's verdict then landed on the piece: "a turn ended while it was
 * typed", so the piece was confirmed by a turn that ended before it was typed, and the member was
 * idle while it thought about the piece. In a gathering on a loaded machine the holder got its final
 * beat mid-turn (GatheringLeaseTest in CI). A look belongs to the turn it began in: once the member
 * moved on, it settles nothing.
 */
class OvertakenScreenLookTest {
    private static final Duration LONG = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void aScreenLookThatAHookOvertookSettlesNothingOfTheWordsTypedSince() throws Exception {
        // a harness with a box that reports its turns by a hook: it answers the phase at once and shows
        // its empty box again; the piece it thinks about, drawing over its box as the sim does
        FakeTmux.Program harness = (pane, input) -> pane.print(
                input.contains("piece") ? "Bo:\n(Bo is thinking)\n(Bo is thinking)\n(Bo is thinking)\n" : "> ");
        try (OneMemberPost bo =
                new OneMemberPost("Bo", BoxedProfile.hooked(dir, "300ms", "0s"), Clock.systemUTC(), harness)) {
            bo.tmux.pane(bo.pane).print("> ");
            Letter phase = new Letter("j", 1, "Bo", "--- Phase: INHALE ---");
            Letter piece = new Letter("j", 2, "Bo", "The piece is now with Bo (1).");
            bo.post.post(bo.pane, phase);
            await().atMost(LONG).until(() -> bo.steps.contains("1:delivered"));
            bo.post.post(bo.pane, piece); // waits: Bo is busy with the phase

            AtomicReference<Thread> looker = new AtomicReference<>();
            bo.tmux.beforeCapture(() -> {
                if (inIdleLook(Thread.currentThread()) && looker.compareAndSet(null, Thread.currentThread())) {
                    // while tmux answers the screen watch, the phase's turn-end hook is heard
                    bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
                }
            });
            // the piece is pasted only once that look came to its verdict, as on a loaded machine
            bo.tmux.beforePaste(
                    () -> await().atMost(LONG).until(() -> looker.get() != null && !inScreenWatch(looker.get())));

            await().atMost(LONG).until(() -> bo.steps.contains("2:delivered"));
            assertTrue(bo.steps.contains("1:confirmed"), bo.steps::toString);
            ChannelStatus now = bo.post.status(bo.pane).orElseThrow();
            assertEquals(MemberState.BUSY, now.state(), () -> bo.steps + " " + now);
            assertFalse(bo.steps.contains("2:confirmed"), bo.steps::toString);
            assertEquals(List.of(piece), now.unconfirmed(), now::toString);

            bo.post.turnEnded(bo.pane, Optional.empty(), "turn-end hook", Optional.of(Instant.now()));
            assertTrue(bo.steps.contains("2:confirmed"), bo.steps::toString);
            assertEquals(MemberState.IDLE, bo.post.status(bo.pane).orElseThrow().state());
        }
    }

    /** Whether {@code t} is in the screen watch's look for a turn's end. */
    private static boolean inIdleLook(Thread t) {
        return Arrays.stream(t.getStackTrace())
                .anyMatch(f -> f.getClassName().equals(ScreenWatch.class.getName())
                        && f.getMethodName().contains("idleByScreen"));
    }

    /** Whether {@code t} still runs the screen watch's code (it has not come to its verdict and acted on it). */
    private static boolean inScreenWatch(Thread t) {
        return Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getClassName().equals(ScreenWatch.class.getName()));
    }
}
