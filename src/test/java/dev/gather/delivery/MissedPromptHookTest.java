package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.tmux.FakeTmux;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claude's prompt hook for a letter can be missed while its turn's end hook is heard. The letter's wait
 * then runs out and the harness's record shows it taken, before that end: it is taken and confirmed
 * at once, and the member stays idle, not made busy in a turn that is over (until the screen's grace,
 * the letter confirmed only by the next, unrelated turn).
 */
class MissedPromptHookTest {
    private static final Letter FIRST = new Letter("j", 1, "Bo", "first words");
    private static final Letter SECOND = new Letter("j", 2, "Bo", "second words");

    @TempDir
    Path dir;

    /** When the harness's record shows each letter's turn began, by its words. */
    private volatile Instant tookFirst = Instant.MAX;

    private volatile Instant tookSecond = Instant.MAX;

    @Test
    void aTakeTheRecordShowsBeforeTheLastTurnEndIsConfirmedByItOneAfterItIsATurnThatRuns() throws Exception {
        try (OneMemberPost bo = new OneMemberPost(
                "Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC(), FakeTmux.CAT, Duration.ofMillis(200))) {
            Door door = new ScriptedDoor(
                    "traced-door",
                    p -> CompletableFuture.completedFuture(new Handover.Handed("queued")),
                    ref -> Optional.of(new Door.Trace(new CompletableFuture<>(), new CompletableFuture<>())),
                    p -> where(p.text().equals(FIRST.text()) ? tookFirst : tookSecond));
            bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));

            CompletableFuture<?> first = bo.post.post(bo.pane, FIRST);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:handed"));
            Instant took = Instant.now();
            await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().isAfter(took));
            bo.post.turnEnded(bo.pane, Optional.of("hooked"), "the turn-end hook", Optional.of(Instant.now()));
            tookFirst = took; // its prompt hook never came; the record shows the take

            first.get();
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:confirmed"));
            assertEquals(MemberState.IDLE, state(bo), bo.steps::toString);
            assertTrue(bo.post.status(bo.pane).orElseThrow().unconfirmed().isEmpty());

            // the next letter's take shows after the last turn end: its turn runs, the member is busy in it
            CompletableFuture<?> second = bo.post.post(bo.pane, SECOND);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("2:handed"));
            tookSecond = Instant.now();
            second.get();
            assertEquals(MemberState.BUSY, state(bo), bo.steps::toString);
            assertEquals(List.of(SECOND), bo.post.status(bo.pane).orElseThrow().unconfirmed());
        }
    }

    private static Door.Whereabouts where(Instant took) {
        return took.equals(Instant.MAX)
                ? new Door.Whereabouts(Door.Whereabouts.Kind.UNKNOWN, "no record yet")
                : new Door.Whereabouts(Door.Whereabouts.Kind.TAKEN, "its transcript shows it", Optional.of(took));
    }

    private static MemberState state(OneMemberPost bo) {
        return bo.post.status(bo.pane).orElseThrow().state();
    }
}
