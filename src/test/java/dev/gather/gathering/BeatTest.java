package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.journal.Announcement;
import dev.gather.rhythm.RhythmLibrary;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A turn's clock in virtual time: beats to the holder, the micro pulse they carry, the next beat
 * in the status, start-time overrides, and timed steps or words a journal refuses, taken once it
 * takes them.
 */
class BeatTest {
    /**
     * The words' effect comes before the machine moves: refused (a journal that cannot be written),
     * the gathering is as it was, pass phrase and all, and the same words handed in again count once.
     */
    @Test
    void wordsTheSinkRefusesLeaveTheGatheringAsItWasAndCountOnceWhenHandedInAgain() {
        Circle c = Circle.started();
        GatheringStatus before = c.gathering.status();
        int effects = c.effects.size();
        c.refusing = true;
        CompletableFuture<Void> refused = c.gathering.onTurnOutput(c.m("Ada"), "My view is X. I pass to cy.");
        assertTrue(refused.isCompletedExceptionally());
        c.refusing = false;
        assertEquals(before, c.gathering.status());
        assertEquals(effects, c.effects.size());

        c.gathering.onTurnOutput(c.m("Bo"), "Out of turn, kept.").exceptionally(e -> null);
        c.refusing = true;
        assertTrue(c.gathering.onTurnOutput(c.m("Bo"), "Me too.").isCompletedExceptionally());
        c.refusing = false;
        assertEquals(1, c.of(Effect.OutOfTurn.class).size(), "the refused out-of-turn words are not counted");

        c.gathering.onTurnOutput(c.m("Ada"), "My view is X. I pass to cy.").join();
        assertEquals(
                List.of("My view is X. I pass to cy."),
                c.relayed().stream().map(Effect.Relay::text).toList());
        assertEquals("Cy", c.holder().name());

        // the last words after the final beat end the turn themselves: refused, the turn stays Cy's
        c.time.advance(Duration.ofSeconds(120));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        GatheringStatus finalBeat = c.gathering.status();
        int announced = c.announced("turn").size();
        c.refusing = true;
        assertTrue(c.gathering.onTurnOutput(c.m("Cy"), "last words").isCompletedExceptionally());
        c.refusing = false;
        assertEquals(finalBeat, c.gathering.status());
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        assertEquals(announced, c.announced("turn").size(), "nobody was told the piece moved");
        c.gathering.onTurnOutput(c.m("Cy"), "last words").join();
        assertEquals(
                1,
                c.relayed().stream().filter(r -> r.text().equals("last words")).count());
        assertEquals(announced + 1, c.announced("turn").size(), "handed in again, the last words end the turn once");
        assertFalse(c.holder().name().equals("Cy"));
    }

    /**
     * The holder's words are taken, then the piece's move is refused (the disk filled between the two
     * writes): the turn's timers went with its end, yet the piece moves on shortly once the sink takes
     * it, and the words are relayed once.
     */
    @Test
    void aPieceWhoseMoveWasRefusedAfterItsWordsMovesOnOnceTheSinkTakesIt() {
        Circle c = Circle.started();
        c.refuses = e -> e instanceof Effect.Announce a && a.kind() == Announcement.TURN;
        c.gathering.onTurnOutput(c.m("Ada"), "My view is X. I pass to cy.").exceptionally(e -> null);
        assertEquals(
                List.of("My view is X. I pass to cy."),
                c.relayed().stream().map(Effect.Relay::text).toList());
        assertEquals("Ada", c.holder().name(), "the move was refused");
        c.time.advance(Duration.ofSeconds(3));
        assertEquals("Ada", c.holder().name(), "refused again while the sink still refuses");

        c.refuses = e -> false;
        c.time.advance(Duration.ofSeconds(3));
        assertNotEquals("Ada", c.holder().name(), "the piece moved on");
        assertEquals(1, c.relayed().size(), "the words were relayed once");
    }

    /**
     * A take by command or a holder leaving ends the turn (its timers go with it) before the next
     * holder is announced: a refused announcement must not leave the gathering with nothing to move it.
     */
    @Test
    void aPieceWhoseMoveWasRefusedAfterATakeOrALeavingMovesOnOnceTheSinkTakesIt() {
        Circle taken = Circle.started();
        taken.refuses = e -> e instanceof Effect.Announce a && a.kind() == Announcement.TURN;
        taken.gathering.take("a person", Optional.of("Cy")).exceptionally(e -> null);
        assertEquals("Ada", taken.holder().name(), "the move was refused");
        taken.refuses = e -> false;
        taken.time.advance(Duration.ofSeconds(3));
        assertNotEquals("Ada", taken.holder().name(), "the piece moved on after a refused take");

        Circle left = Circle.started();
        left.refuses = e -> e instanceof Effect.Announce a && a.kind() == Announcement.TURN;
        left.gathering.memberGone(left.m("Ada")).exceptionally(e -> null);
        left.refuses = e -> false;
        left.time.advance(Duration.ofSeconds(3));
        assertNotEquals("Ada", left.holder().name(), "the piece moved on from a holder who left");
        assertEquals(List.of(), left.relayed(), "nothing was said meanwhile");
    }

    /**
     * The last turn of a round ends: the next round's phase announcement goes out, then the next
     * holder's is refused. The move comes again and announces the holder, not the phase a second
     * time (a full disk in FullDiskSimTest typed "--- Phase: INHALE (round 2/2)" to Ada twice).
     */
    @Test
    void aRoundWhoseFirstTurnWasRefusedIsAnnouncedOnceWhenTheMoveComesAgain() {
        Circle c = Circle.started();
        c.passAround(2);
        assertEquals("Cy", c.holder().name(), "the round's last turn");
        List<String> before = c.announced("phase");
        c.refuses = e -> e instanceof Effect.Announce a && a.kind() == Announcement.TURN;
        c.gathering.onTurnOutput(c.m("Cy"), "Cy speaks. I pass the piece.").exceptionally(e -> null);
        assertEquals(before.size() + 1, c.announced("phase").size(), "the next round was announced");
        c.refuses = e -> false;
        c.time.advance(Duration.ofSeconds(3));
        assertEquals("Ada", c.holder().name(), "the piece moved on once the sink took it");
        assertEquals(before.size() + 1, c.announced("phase").size(), () -> "announced once: " + c.announced("phase"));
    }

    /** A beat whose prompt the sink refuses is not counted and comes again, instead of leaving a quiet holder waiting. */
    @Test
    void aRefusedBeatComesAgainOnceTheSinkTakesIt() {
        Circle c = Circle.started();
        c.refusing = true;
        c.time.advance(Duration.ofSeconds(60));
        c.time.advance(Duration.ofSeconds(4));
        c.refusing = false;
        assertEquals(List.of(), c.injected("beat"));
        assertEquals(0, c.gathering.status().beat(), "the refused beat is not counted");
        c.time.advance(Duration.ofSeconds(2));
        assertEquals(1, c.injected("beat").size());
        assertTrue(
                c.injected("beat").get(0).text().startsWith("[Beat 1/2]"),
                c.injected("beat").get(0).text());
        c.time.advance(Duration.ofSeconds(60));
        assertEquals(1, c.injected("final_beat").size(), "and the turn goes on as before");
        assertEquals("Ada", c.holder().name());

        // the grace runs out while the next turn cannot be announced: it begins once it can, once
        int turns = c.announced("turn").size();
        c.refusing = true;
        c.time.advance(Duration.ofSeconds(34));
        c.refusing = false;
        assertEquals("Ada", c.holder().name(), "the next turn was not announced, so it has not begun");
        c.time.advance(Duration.ofSeconds(2));
        assertEquals("Bo", c.holder().name());
        assertEquals(turns + 1, c.announced("turn").size());
        assertEquals("The piece is now with Bo (2).", Circle.last(c.announced("turn")));
    }

    @Test
    void beatsComeToTheHolderAloneAndTheFinalBeatTimesOut() {
        Circle c = Circle.started();
        c.gathering.onTurnOutput(c.m("Bo"), "psst").join();
        c.time.advance(Duration.ofSeconds(60));
        List<Effect.Inject> beats = c.injected("beat");
        assertEquals(1, beats.size());
        assertEquals("Ada", beats.get(0).to().name());
        assertTrue(
                beats.get(0).text().startsWith("[Beat 1/2] Signals refresh: "),
                beats.get(0).text());
        assertTrue(beats.get(0).text().contains("Is your thread still alive? Continue, pivot, or pass."));
        c.time.advance(Duration.ofSeconds(60));
        assertEquals(
                "Your turn is up. What would you like to say last?",
                c.injected("final_beat").get(0).text());
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.time.advance(Duration.ofSeconds(29));
        assertEquals("Ada", c.holder().name());
        c.time.advance(Duration.ofSeconds(1));
        assertEquals("Bo", c.holder().name(), "after the grace the piece moves on");
    }

    @Test
    void theBeatCarriesAMicroPulseOfWhoSaidWhat() {
        Circle c = Circle.started();
        c.gathering.onTurnOutput(c.m("Ada"), "Latency matters most.").join();
        c.time.advance(Duration.ofSeconds(60));
        assertTrue(
                c.injected("beat").get(0).text().contains("Ada: Latency matters most."),
                c.injected("beat").get(0).text());
    }

    @Test
    void theStatusDatesTheNextBeatByTheClockAndHasNoneWhileNoBeatIsArmed() {
        Circle c = Circle.started();
        Instant t0 = c.time.clock().instant();
        assertEquals(Optional.of(t0.plusSeconds(60)), c.gathering.status().nextBeat(), "a beat every 60 s");
        assertEquals(t0, c.gathering.status().asOf());
        c.time.advance(Duration.ofSeconds(20));
        assertEquals(Optional.of(t0.plusSeconds(60)), c.gathering.status().nextBeat(), "the same beat, 40 s away");
        c.gathering.onTurnOutput(c.m("Ada"), "Some words.").join();
        assertEquals(
                Optional.of(t0.plusSeconds(80)),
                c.gathering.status().nextBeat(),
                "the holder's words put the next beat a full interval after them");
        c.busy.add(c.m("Ada"));
        c.time.advance(Duration.ofSeconds(60));
        assertEquals(Optional.empty(), c.gathering.status().nextBeat(), "a lease wait on a holder mid-turn");
        c.busy.remove(c.m("Ada"));
        c.time.advance(Duration.ofSeconds(2));
        assertEquals(1, c.injected("beat").size());
        assertEquals(
                Optional.of(c.time.clock().instant().plusSeconds(60)),
                c.gathering.status().nextBeat(),
                "armed again after the beat the lease held back");
        c.time.advance(Duration.ofSeconds(60));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        assertEquals(Optional.empty(), c.gathering.status().nextBeat(), "the final beat's grace is no beat");
        c.gathering.endNow("test").join();
        assertEquals(Optional.empty(), c.gathering.status().nextBeat(), "closed");
    }

    @Test
    void aTenMinuteGatheringRunsInVirtualTimeInMilliseconds() {
        Circle c = new Circle("minimal", 2, true, false);
        long start = System.nanoTime();
        c.gathering.start().join();
        c.time.advance(Duration.ofMinutes(10));
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
        assertEquals(6, c.announced("turn").size(), "every turn timed out after its beats and grace");
        assertEquals(6, c.injected("final_beat").size());
        assertTrue(c.gathering.closed(), () -> "the silent harvester timed out too: " + c.gathering.history());
    }

    @Test
    void startTimeOverridesChangeBeatsAndQuestion() {
        Circle c = new Circle(
                RhythmLibrary.shippedRhythm("standard").orElseThrow(),
                2,
                false,
                false,
                new GatheringOptions(Optional.of(1), Optional.of(Duration.ofSeconds(5)), Optional.of("Is it fast?")));
        c.gathering.start().join();
        assertTrue(c.injected("seed").get(0).text().contains("Opening question: Is it fast?"));
        c.time.advance(Duration.ofSeconds(5));
        assertEquals(1, c.injected("final_beat").size(), "one beat per turn: the first is final");
    }
}
