package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.door.Door;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's notify of a turn's end can reach gather before its door's poll read that the turn took the
 * door's letter, outside a gathering too (a direct link, a one-shot, a link's closing notice), and
 * even before {@code codex queue} answered. Judged first, that end left the member idle and the
 * poll's later "taken" made it busy for good: only the screen's two-minute grace freed it, and a
 * message its door failed waited that long to be typed (CodexDoorLiveTest failed on CI so). Every
 * turn end now reads the door's evidence before it is judged, once the door answered.
 */
class HookBeforePollTest {
    private static final Letter THROUGH = new Letter("j", 1, "Bo", "through the door");
    private static final Letter TYPED = new Letter("j", 2, "Bo", "typed, as its door declines it");

    @TempDir
    Path dir;

    private final AtomicBoolean ran = new AtomicBoolean();
    private final CompletableFuture<String> taken = new CompletableFuture<>();
    private final CompletableFuture<String> ended = new CompletableFuture<>();
    /** The transcript, read by a look or by the door's own poll: the turn's start, then its end. */
    private final Runnable read = () -> {
        if (ran.get()) {
            taken.complete("the transcript shows it");
            ended.complete("the transcript shows its end");
        }
    };

    @Test
    void aTurnEndHeardBeforeTheDoorsPollLeavesTheMemberIdleAndTheNextLetterIsTypedAtOnce() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC());
                Journals journals = new Journals(dir, Clock.systemUTC())) {
            Relay relay = relay(bo, journals, p -> CompletableFuture.completedFuture(new Handover.Handed("queued")));
            bo.post.post(bo.pane, THROUGH);
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:handed"));

            ran.set(true); // the turn ran and ended; its notify comes before the door's next poll
            relay.onTurnOutput(hook(bo)).get();
            read.run(); // the door's poll, late
            idleAndTypesNext(bo);
        }
    }

    @Test
    void aTurnEndHeardWhileTheDoorStillAnswersWaitsForItsAnswer() throws Exception {
        try (OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC());
                Journals journals = new Journals(dir, Clock.systemUTC())) {
            CompletableFuture<Handover> answer = new CompletableFuture<>();
            Relay relay = relay(bo, journals, p -> answer);
            bo.post.post(bo.pane, THROUGH);
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> bo.post.status(bo.pane).orElseThrow().handed().contains(THROUGH));

            ran.set(true); // the whole turn ran before `codex queue` answered; its notify comes now
            Thread notify = new Thread(() -> relay.onTurnOutput(hook(bo)).join(), "notify");
            notify.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> notify.getState() == Thread.State.TIMED_WAITING);
            answer.complete(new Handover.Handed("queued"));
            await().atMost(Duration.ofSeconds(10)).until(() -> !notify.isAlive());
            read.run(); // the door's poll, late
            idleAndTypesNext(bo);
        }
    }

    private Relay relay(OneMemberPost bo, Journals journals, Function<Parcel, CompletableFuture<Handover>> first) {
        Door door = new ScriptedDoor(
                "polled-door",
                p -> p.text().equals(THROUGH.text())
                        ? first.apply(p)
                        : CompletableFuture.completedFuture(new Handover.Declined("not this one")),
                new Door.Trace(taken, ended, turn -> {
                    read.run();
                    return false;
                }));
        bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));
        return Relay.unbudgeted(new Links("hook-"), journals, new Fanout(bo.post));
    }

    private static TurnOutput hook(OneMemberPost bo) {
        return new TurnOutput(bo.pane, "hooked", "Bo's answer", Instant.now());
    }

    /** The member is idle once its turn ended, and the next letter, declined by the door, is typed at once. */
    private static void idleAndTypesNext(OneMemberPost bo) {
        await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:confirmed"));
        assertEquals(MemberState.IDLE, bo.post.status(bo.pane).orElseThrow().state(), bo.steps::toString);
        bo.post.post(bo.pane, TYPED);
        await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("2:delivered"));
        assertEquals(List.of(TYPED.text()), bo.submitted(), bo.steps::toString);
    }
}
