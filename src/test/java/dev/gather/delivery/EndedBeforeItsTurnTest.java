package dev.gather.delivery;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.Door;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.journal.Journals;
import dev.gather.link.Fanout;
import dev.gather.link.Links;
import dev.gather.relay.Relay;
import dev.gather.relay.TurnStart;
import dev.gather.turn.TurnOutput;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex starts a turn with a letter handed mid-turn as soon as the running turn ends, and its notify of
 * the ended turn can be judged after the door saw the next turn take the letter. That end is not the
 * letter's answer: judged by the harness's own turn id, the letter still shows as waiting as that end
 * is judged (a gathering does not credit the old turn's words to it), and the member stays busy in the
 * turn that took it until that turn's own end.
 */
class EndedBeforeItsTurnTest {
    private static final Letter PIECE = new Letter("j", 1, "Bo", "The piece is now with Bo (2).");
    private static final String BEFORE = "turn-1";
    private static final String ITS = "turn-2";

    @TempDir
    Path dir;

    private final CompletableFuture<String> taken = new CompletableFuture<>();
    private final CompletableFuture<String> ended = new CompletableFuture<>();
    /** The transcript, as Codex writes it: turn-1 ended after the hand, then turn-2 took the letter. */
    private final Door.Trace trace =
            new Door.Trace(taken, ended, turn -> taken.isDone() && turn.equals(Optional.of(BEFORE)));

    @Test
    void asTheEarlierEndIsJudgedTheLetterStillWaitsAndTheMemberStaysInItsTurn() throws Exception {
        try (OneMemberPost bo = member()) {
            takenByTheNextTurn(bo);

            bo.post.look(bo.pane, Optional.of(BEFORE));
            ChannelStatus judged = bo.post.statusAt(bo.pane, Instant.now()).orElseThrow();
            assertEquals(List.of(PIECE), judged.handed(), judged::toString);
            assertTrue(judged.unconfirmed().isEmpty(), judged::toString);
            assertFalse(TurnStart.of(Optional.of(judged), "j", 1).beganWith(1), "turn-1 did not answer the piece");
            bo.post.turnEnded(bo.pane, Optional.of("hooked"), "turn-end hook", Optional.of(Instant.now()));
            assertEquals(MemberState.BUSY, state(bo), bo.steps::toString);
            assertEquals(List.of(PIECE), bo.post.status(bo.pane).orElseThrow().unconfirmed(), "taken, as of now");

            ended.complete("turn-2 ended");
            await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:confirmed"));
            bo.post.look(bo.pane, Optional.of(ITS));
            bo.post.turnEnded(bo.pane, Optional.of("hooked"), "turn-end hook", Optional.of(Instant.now()));
            assertEquals(MemberState.IDLE, state(bo), bo.steps::toString);
        }
    }

    @Test
    void theRelayReadsTheTurnsIdFromItsHook() throws Exception {
        try (OneMemberPost bo = member();
                Journals journals = new Journals(dir, Clock.systemUTC())) {
            Relay relay = Relay.unbudgeted(new Links("hook-"), journals, new Fanout(bo.post));
            takenByTheNextTurn(bo);

            relay.onTurnOutput(hook(bo, BEFORE)).get();
            assertEquals(MemberState.BUSY, state(bo), bo.steps::toString);

            ended.complete("turn-2 ended");
            relay.onTurnOutput(hook(bo, ITS)).get();
            assertEquals(MemberState.IDLE, state(bo), bo.steps::toString);
            assertTrue(bo.steps.contains("1:confirmed"), bo.steps::toString);
        }
    }

    private OneMemberPost member() throws Exception {
        OneMemberPost bo = new OneMemberPost("Bo", HookedProfile.load(dir, "2m"), Clock.systemUTC());
        Door door = new ScriptedDoor(
                "polled-door", p -> CompletableFuture.completedFuture(new Handover.Handed("queued")), trace);
        bo.post.doors().register("hooked", (p, pid) -> new Opening.Open(door));
        return bo;
    }

    /** The letter is handed while turn-1 runs; the door's poll then reads that turn-2 took it. */
    private void takenByTheNextTurn(OneMemberPost bo) {
        bo.post.post(bo.pane, PIECE);
        await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:handed"));
        taken.complete("the transcript shows turn-2 took it");
        await().atMost(Duration.ofSeconds(10)).until(() -> bo.steps.contains("1:delivered"));
        assertEquals(MemberState.BUSY, state(bo), bo.steps::toString);
    }

    private static TurnOutput hook(OneMemberPost bo, String turn) {
        return new TurnOutput(bo.pane, "hooked", "Bo's words", Instant.now(), Optional.empty(), Optional.of(turn));
    }

    private static MemberState state(OneMemberPost bo) {
        return bo.post.status(bo.pane).orElseThrow().state();
    }
}
