package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.door.Door;
import dev.gather.door.Doors;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.door.Parcel;
import dev.gather.journal.Journals;
import dev.gather.link.Fanout;
import dev.gather.link.Links;
import dev.gather.relay.Relay;
import dev.gather.turn.TurnOutput;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's notify of a turn's end can reach gather before its door's poll read that the turn took the
 * door's letter, outside a gathering too (a direct link, a one-shot, a link's closing notice). Judged
 * first, that end left the member idle and the poll's later "taken" made it busy for good: only the
 * screen's two-minute grace freed it, and a message its door failed waited that long to be typed
 * (CodexDoorLiveTest failed on CI so). Every turn end now reads the door's evidence before it is judged.
 */
class HookBeforePollTest {
    @TempDir
    Path dir;

    @Test
    void aTurnEndHeardBeforeTheDoorsPollLeavesTheMemberIdleAndTheNextLetterIsTypedAtOnce() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC());
                Journals journals = new Journals(dir, Clock.systemUTC())) {
            AtomicBoolean ran = new AtomicBoolean();
            CompletableFuture<String> taken = new CompletableFuture<>();
            CompletableFuture<String> ended = new CompletableFuture<>();
            // the transcript, read by a look or by the door's own poll: the turn's start, then its end
            Runnable read = () -> {
                if (ran.get()) {
                    taken.complete("the transcript shows it");
                    ended.complete("the transcript shows its end");
                }
            };
            Door door = new Door() {
                @Override
                public String name() {
                    return "polled-door";
                }

                @Override
                public CompletableFuture<Handover> hand(Parcel parcel) {
                    return CompletableFuture.completedFuture(
                            parcel.text().equals("through the door")
                                    ? new Handover.Handed("in its queue")
                                    : new Handover.Declined("not this one"));
                }

                @Override
                public Optional<Door.Trace> trace(String ref) {
                    return Optional.of(new Door.Trace(taken, ended, read));
                }
            };
            bo.post.doors(Doors.none().register("hooked", (p, pid) -> new Opening.Open(door)));
            Relay relay = Relay.unbudgeted(new Links("hook-"), journals, new Fanout(bo.post));
            bo.post.post(bo.pane, new Letter("j", 1, "Bo", "through the door"));
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:handed"));

            ran.set(true); // the turn ran and ended; its notify comes before the door's next poll
            relay.onTurnOutput(new TurnOutput(bo.pane, "hooked", "Bo's answer", Instant.now()))
                    .get();
            read.run(); // the door's poll, late
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:confirmed"));
            assertEquals(MemberState.IDLE, bo.post.status(bo.pane).orElseThrow().state(), bo.steps::toString);

            bo.post.post(bo.pane, new Letter("j", 2, "Bo", "typed, as its door declines it"));
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("2:delivered"));
            assertEquals(List.of("typed, as its door declines it"), bo.submitted(), bo.steps::toString);
        }
    }
}
