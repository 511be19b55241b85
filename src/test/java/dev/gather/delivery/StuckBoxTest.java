package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.time.ManualScheduler;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Text left in a member's input box holds its queue only so long: then messages fail, visibly, and the queue moves on. */
class StuckBoxTest {
    @TempDir
    Path dir;

    @Test
    void messagesWaitingOnANonEmptyBoxFailAfterTheBoundAndTheQueueMovesOn() throws Exception {
        Profile boxed = BoxedProfile.load(dir);
        FakeTmux tmux = new FakeTmux();
        tmux.program("boxed", (pane, input) -> {});
        Pane pane = tmux.spawn(SpawnSpec.of("boxed", Path.of("."), "boxed"));
        tmux.pane(pane.id()).print("> someone's half-typed words");
        ManualScheduler time = new ManualScheduler();
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
                PostOffice post = new PostOffice(tmux, deliverer, Profiles.shipped(), time.clock(), Ledger.NONE)) {
            post.started(pane.id(), boxed);
            CompletableFuture<DeliveryResult> first = post.post(pane.id(), new Letter("j", 1, "Box", "one"));
            CompletableFuture<DeliveryResult> second = post.post(pane.id(), new Letter("j", 2, "Box", "two"));
            await().atMost(Duration.ofSeconds(30)).until(() -> post.status(pane.id())
                    .flatMap(ChannelStatus::note)
                    .orElse("")
                    .equals("waiting: its input box is not empty"));
            time.advance(BoxWait.STUCK.minusSeconds(1));
            tmux.pane(pane.id()).print("."); // a screen change makes the channel look again
            // within the bound the message keeps waiting (the channel looked again on that change)
            await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> !first.isDone());

            time.advance(Duration.ofSeconds(1));
            tmux.pane(pane.id()).print(".");
            await().atMost(Duration.ofSeconds(30)).until(() -> first.isDone() && second.isDone());
            for (CompletableFuture<DeliveryResult> f : List.of(first, second)) {
                DeliveryResult.Failed failed = assertInstanceOf(DeliveryResult.Failed.class, f.join());
                assertTrue(failed.reason().contains("input box was not empty for over 3 minutes"), failed.reason());
            }
            assertTrue(tmux.pane(pane.id()).submitted().isEmpty(), "nothing was typed into someone else's text");
        }
    }
}
