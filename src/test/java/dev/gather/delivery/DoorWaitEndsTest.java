package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.FakeTmux;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A letter handed through a harness's door is waited for only while the door has it: once the
 * harness gave it back (typed instead), the wait's verdict no longer decides anything.
 */
class DoorWaitEndsTest {
    private static final Letter WORDS = new Letter("j", 1, "Bo", "the words");
    private static final Duration PATIENCE = Duration.ofMillis(200);

    @TempDir
    Path dir;

    /**
     * Claude declines a letter after its receipt window, mid-turn: it goes back to be typed once the
     * turn ends. The door's wait must not then journal it "handed" again: a daemon restarted before
     * the turn ends would take it for one in Claude's queue and never type it.
     */
    @Test
    void aLetterTheHarnessGaveBackIsNoLongerWaitedForAsHanded() throws Exception {
        try (OneMemberPost bo =
                new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC(), FakeTmux.CAT, PATIENCE)) {
            CompletableFuture<String> taken = new CompletableFuture<>();
            Door door = new ScriptedDoor(
                    "traced-door",
                    p -> CompletableFuture.completedFuture(new Handover.Handed("queued")),
                    ref -> Optional.of(new Door.Trace(taken, new CompletableFuture<>())),
                    p -> new Door.Whereabouts(Door.Whereabouts.Kind.UNKNOWN, "its record cannot tell"));
            bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));
            bo.post.turnStarted(bo.pane); // the member is mid-turn: what comes back waits for its end

            CompletableFuture<DeliveryResult> sent = bo.post.post(bo.pane, WORDS);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:handed"));
            taken.completeExceptionally(new Door.Declined("a repeat its guard refuses"));
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:queued"));
            int back = bo.steps.indexOf("1:queued");

            // several of the door's waits run out meanwhile; none may speak for the letter any more
            await().during(PATIENCE.multipliedBy(5))
                    .atMost(PATIENCE.multipliedBy(10))
                    .until(() -> !bo.steps.subList(back, bo.steps.size()).contains("1:handed"));
            assertEquals(List.of(), bo.submitted(), "still mid-turn: nothing typed yet");

            bo.post.turnEnded(bo.pane, Optional.of("hooked"), "the turn-end hook", Optional.empty());
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.submitted().contains(WORDS.text()));
            sent.get(10, TimeUnit.SECONDS);
        }
    }
}
