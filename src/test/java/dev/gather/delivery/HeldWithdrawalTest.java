package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A letter withdrawn (its gathering closed) while its member's screen was looked at, and found
 * held by text in the box, fails there: it is not queued again to be typed once the box empties.
 */
class HeldWithdrawalTest {
    @TempDir
    Path dir;

    @Test
    void aLetterWithdrawnWhileItsHeldBoxWasLookedAtIsNeverTyped() throws Exception {
        FakeTmux tmux = new FakeTmux();
        tmux.program("boxed", (pane, input) -> {});
        Pane pane = tmux.spawn(SpawnSpec.of("boxed", Path.of("."), "boxed"));
        tmux.pane(pane.id()).print("> someone's half-typed words");
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
                PostOffice post = new PostOffice(tmux, deliverer, Profiles.shipped(), Clock.systemUTC(), Ledger.NONE)) {
            post.started(pane.id(), BoxedProfile.load(dir));
            AtomicBoolean withdrawn = new AtomicBoolean();
            // the gathering closes while the keystroke door looks at the screen of the letter it types
            tmux.beforeCapture(() -> {
                boolean typing =
                        post.status(pane.id()).flatMap(ChannelStatus::typing).isPresent();
                if (typing && !withdrawn.getAndSet(true)) {
                    post.withdraw("j", "its gathering closed");
                }
            });
            CompletableFuture<DeliveryResult> sent = post.post(pane.id(), new Letter("j", 1, "Box", "late words"));

            await().atMost(Duration.ofSeconds(10)).until(withdrawn::get);
            tmux.pane(pane.id()).print("\n> "); // the box empties: a letter queued again would be typed now
            DeliveryResult.Failed failed =
                    assertInstanceOf(DeliveryResult.Failed.class, sent.get(10, TimeUnit.SECONDS));
            assertEquals("its gathering closed", failed.reason());
            await().during(Duration.ofMillis(500))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> tmux.pane(pane.id()).submitted().isEmpty());
            assertTrue(post.status(pane.id())
                    .map(ChannelStatus::queued)
                    .orElse(List.of())
                    .isEmpty());
        }
    }
}
