package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.tmux.FakeTmux;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon that stops gracefully lets what is in a door's hands land first: a letter whose door has
 * not answered yet has no step in the journal, so the next daemon would send it again, though the
 * harness may hold it already.
 */
class GracefulStopTest {
    private static final Letter WORDS = new Letter("j", 1, "Bo", "the words");

    @TempDir
    Path dir;

    @Test
    void aStopWaitsForADoorStillAnsweringSoItsAnswerIsJournalledFirst() throws Exception {
        try (OneMemberPost bo = new OneMemberPost(
                "Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC(), FakeTmux.CAT, DoorPatience.DEFAULT)) {
            CompletableFuture<Handover> answer = new CompletableFuture<>();
            CompletableFuture<Void> asked = new CompletableFuture<>();
            Door door = new ScriptedDoor(
                    "slow-door",
                    p -> {
                        asked.complete(null);
                        return answer;
                    },
                    new Door.Trace(new CompletableFuture<>(), new CompletableFuture<>()));
            bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));
            bo.post.post(bo.pane, WORDS);
            asked.get(10, TimeUnit.SECONDS);

            CompletableFuture<List<String>> stopped = new CompletableFuture<>();
            Thread stopping = new Thread(
                    () -> {
                        bo.post.finishTyping(Duration.ofSeconds(30));
                        stopped.complete(List.copyOf(bo.steps));
                    },
                    "stopping");
            stopping.start();
            await().alias("the stop waits for the door's answer")
                    .during(Duration.ofMillis(300))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> !stopped.isDone());

            answer.complete(new Handover.Handed("queued")); // the harness answers while the daemon stops
            List<String> atStop = stopped.get(10, TimeUnit.SECONDS);
            assertTrue(atStop.contains("1:handed"), "the journal at the stop: " + atStop);
            stopping.join(TimeUnit.SECONDS.toMillis(10));
        }
    }

    @Test
    void aDoorThatNeverAnswersHoldsTheStopNoLongerThanItsBound() throws Exception {
        try (OneMemberPost bo = new OneMemberPost(
                "Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC(), FakeTmux.CAT, DoorPatience.DEFAULT)) {
            CompletableFuture<Void> asked = new CompletableFuture<>();
            Door door = new ScriptedDoor("mute-door", p -> {
                asked.complete(null);
                return new CompletableFuture<>();
            });
            bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));
            bo.post.post(bo.pane, WORDS);
            asked.get(10, TimeUnit.SECONDS);

            // it returns: the next daemon judges what it left
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> bo.post.finishTyping(Duration.ofMillis(200)));
            assertTrue(bo.steps.stream().noneMatch(s -> s.startsWith("1:handed")), String.valueOf(bo.steps));
        }
    }
}
