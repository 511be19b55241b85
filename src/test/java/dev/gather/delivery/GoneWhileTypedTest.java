package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pane can end while a letter to it is being typed: tmux's word that it ended reaches the channel
 * between the keystroke door's look and its answer. The answer comes to a channel that is gone, and
 * its letter ends there too: it fails as gone, never queued again in a channel no one reaches (its
 * sender waited for ever), never left delivered with no turn to confirm it.
 */
class GoneWhileTypedTest {
    @TempDir
    Path dir;

    private final List<String> steps = new CopyOnWriteArrayList<>();
    private FakeTmux tmux;
    private Pane pane;
    private Deliverer deliverer;
    private PostOffice post;

    @BeforeEach
    void start() throws Exception {
        tmux = new FakeTmux().program("boxed", (p, input) -> p.print("\n> "));
        pane = tmux.spawn(SpawnSpec.of("member", Path.of("."), "boxed"));
        deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
        post = new PostOffice(
                tmux,
                deliverer,
                Profiles.shipped(),
                Clock.systemUTC(),
                (letter, p, state, detail) -> steps.add(state.word() + ": " + detail));
        post.started(pane.id(), BoxedProfile.hooked(dir, "1s", "2m"));
    }

    @AfterEach
    void stop() {
        post.close();
        deliverer.close();
    }

    @Test
    void aLetterWhosePaneEndsWhileItsBusyBoxIsLookedAtFailsAsGone() throws Exception {
        ready();
        tmux.pane(pane.id()).print("someone's half-typed words");
        endsAtTheNextLook();
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo"));

        assertInstanceOf(DeliveryResult.PaneGone.class, sent.get(10, TimeUnit.SECONDS), steps::toString);
        assertEquals("failed", last(), steps::toString);
    }

    @Test
    void wordsTypedAsTheirPaneEndsFailForWantOfATurnToConfirmThem() throws Exception {
        ready();
        // the look that sees the words submitted, after the paste
        tmux.beforePaste(this::endsAtTheNextLook);
        CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Bo", "hello bo"));

        // the pane took the words as it ended: typed, and then gone before any turn of it ended
        assertInstanceOf(DeliveryResult.Delivered.class, sent.get(10, TimeUnit.SECONDS), steps::toString);
        await().atMost(Duration.ofSeconds(10)).until(() -> "failed".equals(last()));
        assertEquals(List.of("delivered", "failed"), words().subList(words().size() - 2, words().size()));
    }

    private void ready() {
        tmux.pane(pane.id()).print("> ");
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

    private List<String> words() {
        return steps.stream().map(s -> s.substring(0, s.indexOf(':'))).toList();
    }

    private String last() {
        List<String> w = words();
        return w.isEmpty() ? "" : w.get(w.size() - 1);
    }
}
