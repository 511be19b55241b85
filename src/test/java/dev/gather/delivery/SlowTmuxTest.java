package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.DeliveryResult;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A tmux server that does not answer in time (a loaded machine) is slow, not proof that a pane ended:
 * a look it does not answer is made again, and the member keeps its channel and its messages. Before,
 * one timed-out look failed the member's messages as "pane gone" and typed nothing into it again.
 */
class SlowTmuxTest extends BoxedMember {
    private static final Duration LONG = Duration.ofSeconds(20);

    @Test
    void aMessageWhoseLookTmuxDoesNotAnswerWaitsAndIsTypedOnceItDoes() throws IOException {
        post.started(pane.id(), BoxedProfile.load(dir));
        tmux.stall(true);
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo"));
        await().atMost(LONG).until(() -> tmux.refusedCaptures() >= 1);
        await().atMost(LONG).until(() -> note().contains("tmux did not show its screen"));
        assertFalse(sent.isDone(), "not failed: " + steps);
        assertEquals(MemberState.IDLE, post.status(pane.id()).orElseThrow().state());

        tmux.stall(false);
        assertInstanceOf(DeliveryResult.Delivered.class, sent.join());
        assertEquals(List.of("hello bo"), tmux.pane(pane.id()).submitted());
    }

    @Test
    void aTurnEndTmuxDoesNotShowIsLookedForAgainAndConfirmsWhatTheMemberTook() throws IOException {
        post.started(pane.id(), BoxedProfile.hooked(dir, "1s", "100ms"));
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo"));
        assertInstanceOf(DeliveryResult.Delivered.class, sent.join());
        // no hook comes: after the grace its screen is looked at, and tmux does not answer; the look for a
        // dialog is not made again, the look for the turn's end is (a third look is that one's second)
        tmux.stall(true);
        await().atMost(LONG).until(() -> tmux.refusedCaptures() >= 3);
        assertEquals(MemberState.BUSY, post.status(pane.id()).orElseThrow().state(), steps::toString);

        tmux.stall(false);
        await().atMost(LONG).until(() -> post.status(pane.id()).orElseThrow().state() == MemberState.IDLE);
        assertTrue(steps.contains("1 confirmed"), steps::toString);
        assertFalse(steps.contains("1 failed"), steps::toString);
    }

    @Test
    void aMemberWhosePaneTmuxIsSlowToWatchTakesLettersMeanwhile() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        AtomicBoolean asked = new AtomicBoolean();
        stallWatches(asked, answer);
        Profile hooked = BoxedProfile.hooked(dir, "1s", "100ms");
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            Future<?> starting = callers.submit(() -> post.started(pane.id(), hooked));
            await().atMost(LONG).untilTrue(asked);
            // while tmux has not answered the start's first watch of the pane, a letter for it is queued at
            // once (before, the channel was built inside the post office's map, and the post waited there)
            Future<CompletableFuture<DeliveryResult>> posting =
                    callers.submit(() -> post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo")));
            await().atMost(LONG).until(posting::isDone);
            assertEquals(
                    MemberState.STARTING, post.status(pane.id()).orElseThrow().state());

            answer.countDown();
            starting.get();
            assertInstanceOf(DeliveryResult.Delivered.class, posting.get().join());
            assertEquals(List.of("hello bo"), tmux.pane(pane.id()).submitted());
        } finally {
            answer.countDown();
            callers.shutdownNow();
        }
    }

    @Test
    void aMemberWhoseHookNamesAHarnessWithTurnsIsNotLockedWhileTmuxIsSlowToWatchIt() throws Exception {
        BoxedProfile.hooked(dir, "1s", "100ms");
        PostOffice named = new PostOffice(
                tmux, deliverer, Profiles.load(List.of(dir)), Clock.systemUTC(), (letter, p, state, detail) -> {});
        CountDownLatch answer = new CountDownLatch(1);
        AtomicBoolean asked = new AtomicBoolean();
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            // met without a start (no turns, nothing watched), then its hook names a harness whose turns
            // and dialogs are read off its screen: the first watch of its pane comes with its next turn
            named.turnEnded(pane.id(), Optional.of("boxed-hooked"), "hook");
            stallWatches(asked, answer);
            callers.submit(() -> named.turnStarted(pane.id()));
            await().atMost(LONG).untilTrue(asked);
            // while tmux has not answered that watch, the member's channel still answers (before, the
            // watch ran under the channel's lock, and every post and status waited for tmux)
            Future<Optional<ChannelStatus>> status = callers.submit(() -> named.status(pane.id()));
            await().atMost(LONG).until(status::isDone);
            assertEquals(MemberState.BUSY, status.get().orElseThrow().state());
        } finally {
            answer.countDown();
            callers.shutdownNow();
            named.close();
        }
    }

    /** From now on a first watch of a pane says it was {@code asked} and waits for tmux's {@code answer}. */
    private void stallWatches(AtomicBoolean asked, CountDownLatch answer) {
        tmux.beforeWatch(() -> {
            asked.set(true);
            try {
                answer.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private String note() {
        return post.status(pane.id()).flatMap(ChannelStatus::note).orElse("");
    }
}
