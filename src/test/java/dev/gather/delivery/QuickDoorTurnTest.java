package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fast harness starts and ends the turn a door message began before the door's receipt window has
 * passed, so its turn-end hook reaches gather before the turn's start does. The member is idle then:
 * a message its door declines (Claude drops a repeat of the last words) is typed at once, not after
 * the screen's two-minute grace (a gathering of four Claudes closed with Bo's last four messages
 * never typed).
 */
class QuickDoorTurnTest {
    @TempDir
    Path dir;

    @Test
    void aTurnThatEndedBeforeItsStartWasSeenLeavesTheMemberIdle() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC())) {
            Door.Trace trace = new Door.Trace(new CompletableFuture<>(), new CompletableFuture<>());
            Door door = new ScriptedDoor(
                    "quick-door",
                    parcel -> {
                        if (parcel.text().equals("the same words again")) {
                            return CompletableFuture.completedFuture(
                                    new Handover.Declined("a repeat is dropped unread"));
                        }
                        // the whole turn runs within the receipt window: started, ended, its hook in first
                        trace.taken().complete("prompt hook");
                        trace.ended().complete("turn-end hook");
                        bo.post.turnEnded(
                                bo.pane,
                                Optional.empty(),
                                "turn-end hook",
                                Optional.of(Clock.systemUTC().instant()));
                        return CompletableFuture.completedFuture(new Handover.Handed("in its queue"));
                    },
                    trace);
            bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));
            bo.post.post(bo.pane, new Letter("j", 1, "Bo", "words through the door"));
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:confirmed"));

            bo.post.post(bo.pane, new Letter("j", 2, "Bo", "the same words again"));
            await().atMost(Duration.ofSeconds(20)).until(() -> bo.steps.contains("2:delivered"));
            assertEquals(List.of("the same words again"), bo.submitted(), bo.steps::toString);
        }
    }
}
