package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.gather.tmux.DeliveryResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A pane can end while a letter to it is being typed: tmux's word that it ended reaches the channel
 * between the keystroke door's look and its answer. The answer comes to a channel that is gone, and
 * its letter ends there too: it fails as gone, never queued again in a channel no one reaches (its
 * sender waited for ever), never left delivered with no turn to confirm it.
 */
class GoneWhileTypedTest extends BoxedMember {
    @BeforeEach
    void start() throws Exception {
        post.started(pane.id(), BoxedProfile.hooked(dir, "1s", "2m"));
    }

    @Test
    void aLetterWhosePaneEndsWhileItsBusyBoxIsLookedAtFailsAsGone() throws Exception {
        ready();
        tmux.pane(pane.id()).print("someone's half-typed words");
        endsAtTheNextLook();
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo"));

        assertInstanceOf(DeliveryResult.PaneGone.class, sent.get(10, TimeUnit.SECONDS), steps::toString);
        assertEquals("failed", lastStep(), steps::toString);
    }

    @Test
    void wordsTypedAsTheirPaneEndsFailForWantOfATurnToConfirmThem() throws Exception {
        ready();
        // the look that sees the words submitted, after the paste
        tmux.beforePaste(this::endsAtTheNextLook);
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo"));

        // the pane took the words as it ended: typed, and then gone before any turn of it ended
        assertInstanceOf(DeliveryResult.Delivered.class, sent.get(10, TimeUnit.SECONDS), steps::toString);
        await().atMost(Duration.ofSeconds(10)).until(() -> "failed".equals(lastStep()));
        assertEquals(List.of("1 delivered", "1 failed"), steps.subList(steps.size() - 2, steps.size()));
    }

    private void ready() {
        await().atMost(Duration.ofSeconds(10))
                .until(() -> post.status(pane.id()).orElseThrow().state() == MemberState.READY);
    }

    /** tmux's word that the pane ended comes as the keystroke door looks at its box. */
    private void endsAtTheNextLook() {
        AtomicBoolean once = new AtomicBoolean();
        tmux.beforeCapture(() -> {
            if (once.compareAndSet(false, true)) {
                post.gone(pane.id());
            }
        });
    }
}
