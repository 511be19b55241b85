package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.FakeTmux;
import dev.gather.tmux.HarnessQuirks;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn-end hook of an earlier turn that arrives while new words are being typed confirms the
 * earlier words only: the new words start a turn of their own, so the member is busy until that one
 * ends (a sim whose previous answer ended as the next beat was typed read as idle while it thought).
 */
class TurnAttributionTest {
    @TempDir
    Path dir;

    @Test
    void aTurnThatEndedBeforeThePasteDoesNotConfirmTheWordsBeingTyped() throws Exception {
        Profile hooked = HookedProfile.load(dir, "3s");
        FakeTmux tmux = new FakeTmux().program("agent", FakeTmux.CAT);
        Pane pane = tmux.spawn(SpawnSpec.of("Ed", Path.of("."), "agent"));
        List<String> steps = new CopyOnWriteArrayList<>();
        AtomicReference<PostOffice> office = new AtomicReference<>();
        Clock clock = Clock.systemUTC();
        Ledger ledger = (letter, p, state, detail) -> {
            steps.add(letter.ref() + ":" + state.word());
            if (state == DeliveryState.TYPING && detail.equals(DeliveryState.PASTED)) {
                // the hook of the turn before, stamped a second before these words reached the pane
                office.get()
                        .turnEnded(
                                p,
                                Optional.empty(),
                                "turn-end hook",
                                Optional.of(clock.instant().minusSeconds(1)));
            }
        };
        try (Deliverer deliverer = new Deliverer(tmux, HarnessQuirks.GENERIC);
                PostOffice post = new PostOffice(tmux, deliverer, Profiles.shipped(), clock, ledger)) {
            office.set(post);
            post.started(pane.id(), hooked);
            post.post(pane.id(), new Letter("j", 7, "Ed", "[Beat 2/9] Signals refresh"));
            await().atMost(Duration.ofSeconds(20)).until(() -> steps.contains("7:delivered"));
            assertEquals(MemberState.BUSY, post.status(pane.id()).orElseThrow().state(), steps::toString);
            assertEquals(
                    List.of(),
                    steps.stream().filter(s -> s.equals("7:confirmed")).toList());

            // its own turn's end confirms it
            post.turnEnded(pane.id(), Optional.empty(), "turn-end hook", Optional.of(clock.instant()));
            await().atMost(Duration.ofSeconds(20)).until(() -> steps.contains("7:confirmed"));
            assertEquals(MemberState.IDLE, post.status(pane.id()).orElseThrow().state());
        }
    }
}
