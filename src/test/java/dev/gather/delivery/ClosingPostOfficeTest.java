package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.tmux.DeliveryResult;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A post office that closes (the daemon stops) leaves no sender waiting for ever: every letter still
 * queued, being typed or handed and not yet taken completes, failed, and nothing of it is journalled
 * (the journal's last step is what the next daemon resumes from).
 */
class ClosingPostOfficeTest extends HarnessDoorCase {
    @TempDir
    Path dir;

    @Test
    void lettersHandedOrQueuedBehindADoorFailUnjournalledWhenItCloses() {
        FakeDoor door = new FakeDoor(t -> new Handover.Handed("queued"), true);
        doors(p -> new Opening.Open(door));
        CompletableFuture<DeliveryResult> handed = post.post(pane.id(), new Letter("j", 1, "Bo", "one"));
        CompletableFuture<DeliveryResult> behind = post.post(pane.id(), new Letter("j", 2, "Bo", "two"));
        await().atMost(Duration.ofSeconds(5)).until(() -> door.traces.size() == 1);
        List<Step> before = List.copyOf(steps);

        post.close();

        assertStopped(handed);
        assertStopped(behind);
        assertEquals(before, steps, "nothing journalled: the next daemon resumes from the last step");
        assertStopped(post.post(pane.id(), new Letter("j", 3, "Bo", "three")));
    }

    @Test
    void aLetterWaitingForABusyMemberFailsWhenThePostOfficeCloses() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC())) {
            CompletableFuture<DeliveryResult> first = bo.post.post(bo.pane, new Letter("j", 1, "Bo", "first"));
            assertInstanceOf(DeliveryResult.Delivered.class, first.get(10, TimeUnit.SECONDS));
            // busy with the first until its turn ends (a hook): the second waits in the queue
            CompletableFuture<DeliveryResult> second = bo.post.post(bo.pane, new Letter("j", 2, "Bo", "second"));
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> bo.post.status(bo.pane).orElseThrow().queued().size() == 1);
            assertFalse(second.isDone());

            bo.post.close();

            assertStopped(second);
            assertEquals(List.of("first"), bo.submitted());
        }
    }

    private static void assertStopped(CompletableFuture<DeliveryResult> f) {
        DeliveryResult.Failed failed =
                assertInstanceOf(DeliveryResult.Failed.class, f.getNow(null), "completed at once");
        assertEquals(PostOffice.STOPPED, failed.reason());
    }
}
