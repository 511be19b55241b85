package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.RhythmLibrary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every path of the ceremony, in virtual time; the last check proves every declared transition ran. */
class GatheringTest {

    @Test
    void startSeedsEveryMemberAndHandsThePieceToTheFirstSpeaker() {
        Circle c = new Circle("standard", 3, true, false);
        c.gathering.start().join();
        List<Effect.Inject> seeds = c.injected("seed");
        assertEquals(4, seeds.size());
        Effect.Inject bo = seeds.get(1);
        assertEquals("Bo", bo.to().name());
        assertTrue(bo.text().startsWith("You are Bo (2) in this gathering, as speaker."), bo.text());
        assertTrue(bo.text().contains("1 Ada (speaker), 2 Bo (speaker), 3 Cy (speaker), 4 Hal (harvester)"), bo.text());
        assertTrue(bo.text().contains("Speaking order: Ada (1) → Bo (2) → Cy (3). Harvester: Hal (4)."), bo.text());
        assertTrue(bo.text().contains("Breath: inhale 2 rounds, hold 2 rounds, exhale 2 rounds."), bo.text());
        assertTrue(bo.text().contains("Opening question: What are we missing?"), bo.text());
        assertTrue(bo.text().contains("Pulse: calm seas"), bo.text());
        assertTrue(c.announced("phase").get(0).startsWith("--- Phase: INHALE (round 1/2) ---"));
        assertEquals(List.of("The piece is now with Ada (1)."), c.announced("turn"));
        assertEquals("Ada", c.holder().name());
    }

    @Test
    void passToName() {
        Circle c = started();
        c.gathering.onTurnOutput(c.m("Ada"), "My view is X. I pass to cy.").join();
        assertEquals("Cy", c.holder().name());
        assertEquals("My view is X. I pass to cy.", c.relayed().get(0).text());
        assertEquals("The piece is now with Cy (3).", last(c.announced("turn")));
    }

    /**
     * The words' effect comes before the machine moves: refused (a journal that cannot be written),
     * the gathering is as it was, pass phrase and all, and the same words handed in again count once.
     */
    @Test
    void wordsTheSinkRefusesLeaveTheGatheringAsItWasAndCountOnceWhenHandedInAgain() {
        Circle c = started();
        GatheringStatus before = c.gathering.status();
        int effects = c.effects.size();
        c.refusing = true;
        java.util.concurrent.CompletableFuture<Void> refused =
                c.gathering.onTurnOutput(c.m("Ada"), "My view is X. I pass to cy.");
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

    /** A beat whose prompt the sink refuses is not counted and comes again, instead of leaving a quiet holder waiting. */
    @Test
    void aRefusedBeatComesAgainOnceTheSinkTakesIt() {
        Circle c = started();
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
        assertEquals("The piece is now with Bo (2).", last(c.announced("turn")));
    }

    @Test
    void passToNumber() {
        Circle c = started();
        c.gathering.onTurnOutput(c.m("Ada"), "Enough. Passing the piece to 2.").join();
        assertEquals("Bo", c.holder().name());
    }

    @Test
    void unnamedPassGoesToTheNextSpeaker() {
        Circle c = started();
        c.gathering.onTurnOutput(c.m("Ada"), "That is all. I pass the piece.").join();
        assertEquals("Bo", c.holder().name());
    }

    @Test
    void passToSomeoneWhoIsNotInTheGatheringIsNoPass() {
        Circle c = started();
        c.gathering.onTurnOutput(c.m("Ada"), "I pass to Zed.").join();
        assertEquals("Ada", c.holder().name());
        c.gathering
                .onTurnOutput(c.m("Ada"), "Now I am passing to the next point of my argument.")
                .join();
        assertEquals("Ada", c.holder().name(), "'passing to the…' is prose when nobody is called 'the'");
        c.gathering.onTurnOutput(c.m("Ada"), "Passing to Cy.").join();
        assertEquals("Cy", c.holder().name());
    }

    @Test
    void passToTheHarvesterIsNotAllowed() {
        Circle c = started();
        c.gathering.onTurnOutput(c.m("Ada"), "I pass to Hal.").join();
        assertEquals("Bo", c.holder().name(), "the harvester never holds the piece");
    }

    @Test
    void theWordPassInOrdinaryProseNeverMovesThePiece() {
        Circle c = started();
        for (String s : List.of(
                "the tests pass",
                "we should pass the config to the loader",
                "passing tests",
                "a pass-through",
                "I'll pass on that for now")) {
            c.gathering.onTurnOutput(c.m("Ada"), s).join();
        }
        assertEquals("Ada", c.holder().name());
        assertEquals(5, c.relayed().size());
    }

    @Test
    void twoDifferentNamedPassesAreAmbiguousAndMoveNothing() {
        Circle c = started();
        c.gathering
                .onTurnOutput(c.m("Ada"), "I pass to Bo. No wait, I pass to Cy.")
                .join();
        assertEquals("Ada", c.holder().name());
    }

    @Test
    void beatsComeToTheHolderAloneAndTheFinalBeatTimesOut() {
        Circle c = started();
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
        Circle c = started();
        c.gathering.onTurnOutput(c.m("Ada"), "Latency matters most.").join();
        c.time.advance(Duration.ofSeconds(60));
        assertTrue(
                c.injected("beat").get(0).text().contains("Ada: Latency matters most."),
                c.injected("beat").get(0).text());
    }

    @Test
    void outOfTurnOutputIsKeptNotRelayedAndRemindedOncePerTurn() {
        Circle c = started();
        c.gathering.onTurnOutput(c.m("Cy"), "I have thoughts").join();
        c.gathering.onTurnOutput(c.m("Cy"), "more thoughts").join();
        assertTrue(c.relayed().isEmpty());
        assertEquals(
                2, c.effects.stream().filter(e -> e instanceof Effect.OutOfTurn).count());
        List<Effect.Inject> reminders = c.injected("reminder");
        assertEquals(1, reminders.size(), "a reminder is not repeated within a turn");
        assertEquals(
                "Cy, the piece is with Ada (1); your words were kept but not relayed. Wait for the piece.",
                reminders.get(0).text());
        c.gathering.onTurnOutput(c.m("Ada"), "I pass to Bo").join();
        c.gathering.onTurnOutput(c.m("Cy"), "again").join();
        assertEquals(2, c.injected("reminder").size(), "one reminder per turn");
    }

    @Test
    void theHarvesterNeverHoldsThePieceAndWritesTheHarvest() {
        Circle c = started();
        List<String> holders = new ArrayList<>();
        for (int i = 0; i < 100 && c.gathering.state() != GatheringState.HARVESTING; i++) {
            holders.add(c.holder().name());
            c.gathering.onTurnOutput(c.m("Hal"), "harvester chatter").join();
            c.gathering
                    .onTurnOutput(c.holder(), "point " + i + ". I pass the piece.")
                    .join();
        }
        assertFalse(holders.contains("Hal"));
        assertEquals(18, holders.size(), "3 speakers x 6 rounds");
        List<Effect.Inject> harvest = c.injected("harvest");
        assertEquals(1, harvest.size());
        assertEquals("Hal", harvest.get(0).to().name());
        c.gathering.onTurnOutput(c.m("Ada"), "one more thing").join();
        // a turn that ended with the harvest prompt still queued for Hal answered something older
        c.gathering
                .onTurnOutput(c.m("Hal"), "an answer to what Hal heard before", true)
                .join();
        assertFalse(c.gathering.closed(), "not the harvest: the harvest prompt was not typed yet");
        c.gathering.onTurnOutput(c.m("Hal"), "HARVEST: we agreed on X.").join();
        Effect.HarvestStored stored = c.effects.stream()
                .filter(e -> e instanceof Effect.HarvestStored)
                .map(e -> (Effect.HarvestStored) e)
                .findFirst()
                .orElseThrow();
        assertEquals("HARVEST: we agreed on X.", stored.text());
        assertTrue(c.gathering.closed());
        assertEquals("The standard gathering has closed (harvest complete). Thank you.", last(c.announced("closing")));
        assertInstanceOf(Effect.Closed.class, c.effects.get(c.effects.size() - 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void phasesAndRoundsAreCountedForAnyCircle(int speakers) {
        Circle c = new Circle("daily", speakers, true, false);
        c.gathering.start().join();
        c.passAround(200);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        List<String> phases = c.announced("phase");
        assertEquals(
                List.of("INHALE (round 1/1)", "HOLD (round 1/2)", "HOLD (round 2/2)", "EXHALE (round 1/1)"),
                phases.stream()
                        .map(p -> p.substring("--- Phase: ".length(), p.indexOf(" ---")))
                        .toList());
        assertEquals(speakers * 4, c.announced("turn").size());
        List<String> expectedOrder = IntStream.range(0, speakers * 4)
                .mapToObj(i -> Circle.NAMES.get(i % speakers))
                .toList();
        assertEquals(
                expectedOrder,
                c.announced("turn").stream()
                        .map(t -> t.substring("The piece is now with ".length(), t.indexOf(" (")))
                        .toList());
    }

    @Test
    void theHumanSpeaksWithSayOnlyWithThePiece() {
        Circle c = new Circle("minimal", 2, true, true);
        c.gathering.start().join();
        c.gathering.say("I have something to add").join();
        assertTrue(c.relayed().isEmpty(), "the human waits for the piece like anyone");
        c.gathering.onTurnOutput(c.m("Ada"), "I pass the piece").join();
        c.gathering.onTurnOutput(c.m("Bo"), "I pass to Hu").join();
        assertEquals("Hu", c.holder().name());
        c.gathering.say("Here is the human view. I pass the piece.").join();
        assertEquals("Hu", c.relayed().get(c.relayed().size() - 1).from().name());
        assertEquals(
                "--- Phase: HOLD (round 1/1) ---", c.announced("phase").get(1).substring(0, 31));
    }

    @Test
    void aMemberWhoDiesMidTurnIsSkippedFromThenOnAndAnnouncedOnce() {
        Circle c = started();
        c.gathering.memberGone(c.m("Ada")).join();
        c.gathering.memberGone(c.m("Ada")).join();
        assertEquals(List.of("Ada (1) has left the gathering; the piece skips them from now on."), c.announced("left"));
        assertEquals("Bo", c.holder().name());
        c.passAround(100);
        assertFalse(c.announced("turn").subList(1, c.announced("turn").size()).stream()
                .anyMatch(t -> t.contains("Ada")));
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
    }

    @Test
    void fewerThanTheMinimumSpeakersHarvestsAndCloses() {
        Circle c = new Circle("standard", 2, true, false);
        c.gathering.start().join();
        c.gathering.memberGone(c.m("Bo")).join();
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        assertEquals(1, c.injected("harvest").size());
    }

    @Test
    void withoutAHarvesterTheGatheringClosesAfterTheLastRound() {
        Circle c = new Circle("minimal", 2, false, false);
        c.gathering.start().join();
        c.passAround(100);
        assertTrue(c.gathering.closed());
        assertEquals(
                "The minimal gathering has closed (the breath is complete). Thank you.", last(c.announced("closing")));
    }

    @Test
    void theHarvesterLeavingOrNeverAnsweringClosesTheGathering() {
        Circle c = new Circle("minimal", 2, true, false);
        c.gathering.start().join();
        c.passAround(100);
        c.time.advance(Duration.ofMinutes(5));
        assertTrue(c.gathering.closed());
        assertEquals(
                "The minimal gathering has closed (no harvest: the harvester did not answer in time). Thank you.",
                last(c.announced("closing")));
        Circle d = new Circle("minimal", 2, true, false);
        d.gathering.start().join();
        d.passAround(100);
        d.gathering.memberGone(d.m("Bo")).join();
        assertFalse(d.gathering.closed(), "a speaker leaving while the harvest is written changes nothing");
        d.gathering.memberGone(d.m("Hal")).join();
        assertTrue(d.gathering.closed());
        assertTrue(
                last(d.announced("closing")).contains("no harvest: the harvester left"),
                d.announced("closing")::toString);
    }

    @Test
    void aHarvesterMidTurnGetsItsTimeUpToMaxTurn() {
        Circle c = withMaxTurn(Duration.ofMinutes(10));
        c.gathering.start().join();
        c.passAround(100);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        c.busy.add(c.m("Hal"));
        c.time.advance(Duration.ofMinutes(5));
        assertFalse(c.gathering.closed(), "the harvester is still writing");
        c.busy.remove(c.m("Hal"));
        c.gathering.onTurnOutput(c.m("Hal"), "Harvest: all agreed.").join();
        assertEquals("harvest complete", c.gathering.closedReason().orElseThrow());
        Circle d = withMaxTurn(Duration.ofMinutes(10));
        d.gathering.start().join();
        d.passAround(100);
        d.busy.add(d.m("Hal"));
        d.time.advance(Duration.ofMinutes(11));
        assertTrue(d.gathering.closed());
        assertTrue(d.gathering.closedReason().orElseThrow().contains("no harvest"));
    }

    @Test
    void endAsksTheHarvesterAndEndNowDoesNot() {
        Circle c = started();
        c.gathering.end("ended by Ada").join();
        assertEquals(GatheringState.HARVESTING, c.gathering.state(), "end asks for the harvest first");
        assertEquals(1, c.injected("harvest").size());
        c.gathering.end("ended again").join();
        assertEquals(GatheringState.HARVESTING, c.gathering.state(), "a second end waits for the same harvest");
        c.gathering.onTurnOutput(c.m("Hal"), "Harvest: short.").join();
        assertEquals(
                "The standard gathering has closed (ended by Ada; harvest complete). Thank you.",
                last(c.announced("closing")));
        Circle d = started();
        d.gathering.endNow("ended by command, without a harvest").join();
        assertTrue(d.gathering.closed());
        assertEquals(0, d.injected("harvest").size());
        Circle e = started();
        e.gathering.end("ended by Bo").join();
        e.gathering.endNow("ended by command, without a harvest").join();
        assertTrue(e.gathering.closed(), "end now also cuts a harvest short");
        Circle f = new Circle("standard", 3, false, false);
        f.gathering.start().join();
        f.gathering.end("ended by Ada").join();
        assertEquals("ended by Ada", f.gathering.closedReason().orElseThrow(), "no harvester: it closes at once");
    }

    @Test
    void endByCommandClosesForEveryoneAndASecondEndIsAnIllegalEventWithHistory() {
        Circle c = started();
        c.gathering.endNow("ended by Ada").join();
        assertTrue(c.gathering.closed());
        assertEquals("The standard gathering has closed (ended by Ada). Thank you.", last(c.announced("closing")));
        CompletionException e = assertThrows(
                CompletionException.class, () -> c.gathering.end("again").join());
        IllegalEventException illegal = assertInstanceOf(IllegalEventException.class, e.getCause());
        assertTrue(illegal.getMessage().contains("cannot take END in state CLOSED"), illegal.getMessage());
        assertTrue(
                illegal.history().stream().anyMatch(h -> h.startsWith("end-now(SPEAKING END_NOW -> CLOSED)")),
                illegal.history().toString());
    }

    @Test
    void endBeforeStartAndAfterHarvestWork() {
        Circle c = new Circle("standard", 2, true, false);
        c.gathering.end("changed my mind").join();
        assertTrue(c.gathering.closed());
        Circle d = new Circle("minimal", 2, true, false);
        d.gathering.start().join();
        d.gathering.onTurnOutput(d.m("Ada"), "I pass the piece").join();
        d.time.advance(Duration.ofSeconds(75));
        assertEquals("Ada", d.holder().name(), "Bo timed out; Ada holds the piece in the next phase");
        d.passAround(100);
        d.gathering.endNow("enough").join();
        assertTrue(d.gathering.closed());
    }

    @Test
    void outputAndDeathDuringTheFinalBeat() {
        Circle c = started();
        c.time.advance(Duration.ofSeconds(120));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.gathering.onTurnOutput(c.m("Ada"), "last words").join();
        assertEquals("last words", c.relayed().get(0).text());
        assertEquals("Bo", c.holder().name(), "the last words end the turn");
        c.gathering.memberGone(c.m("Cy")).join();
        c.gathering.onTurnOutput(c.m("Ada"), "I pass the piece").join();
        assertEquals("Bo", c.holder().name(), "a pass phrase without the piece moves nothing");
        c.time.advance(Duration.ofSeconds(120));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.gathering
                .onTurnOutput(c.m("Ada"), "an aside while Bo has the last word")
                .join();
        assertEquals(
                "an aside while Bo has the last word",
                last(c.of(Effect.OutOfTurn.class)).text());
        c.gathering.end("stopped in the final beat").join();
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
    }

    @Test
    void theFinalBeatEndsTheTurnAtTheHoldersNextWordsNamingWhoIsNext() {
        Circle c = started();
        c.time.advance(Duration.ofSeconds(120));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.gathering
                .onTurnOutput(c.m("Ada"), "My last word: ship it. I pass to Cy.")
                .join();
        assertEquals("My last word: ship it. I pass to Cy.", c.relayed().get(0).text());
        assertEquals("Cy", c.holder().name(), "last words end the turn at once, to whom they name");
    }

    @Test
    void aHolderMidTurnKeepsThePieceBeatsWaitAndItsWordsAreRelayedFirst() {
        Circle c = started();
        c.busy.add(c.m("Ada"));
        c.time.advance(Duration.ofMinutes(10));
        assertEquals("Ada", c.holder().name(), "no beat, no move while the holder is mid-turn");
        assertEquals(0, c.injected("beat").size());
        assertEquals(GatheringState.SPEAKING, c.gathering.state());
        c.busy.remove(c.m("Ada"));
        c.gathering.onTurnOutput(c.m("Ada"), "A long answer, finally.").join();
        assertEquals("A long answer, finally.", c.relayed().get(0).text());
        c.time.advance(Duration.ofSeconds(61));
        assertEquals(1, c.injected("beat").size(), "beats resume once the turn ended");
        c.time.advance(Duration.ofSeconds(60));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.busy.add(c.m("Ada"));
        c.time.advance(Duration.ofMinutes(5));
        assertEquals("Ada", c.holder().name(), "the grace waits for a holder mid-turn too");
        c.gathering.onTurnOutput(c.m("Ada"), "Last words.").join();
        assertEquals("Bo", c.holder().name());
        assertEquals(0, c.of(Effect.Late.class).size());
        // without max_turn the cap is ten times a turn's beats and grace: 25 minutes here
        c.busy.add(c.m("Bo"));
        c.time.advance(Duration.ofMinutes(25).minusSeconds(1));
        assertEquals("Bo", c.holder().name());
        c.time.advance(Duration.ofSeconds(1));
        assertEquals("Cy", c.holder().name());
    }

    @Test
    void theStatusDatesTheNextBeatByTheClockAndHasNoneWhileNoBeatIsArmed() {
        Circle c = started();
        java.time.Instant t0 = c.time.clock().instant();
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
    void maxTurnMovesThePieceFromAHolderMidTurnAndItsLateWordsAreKeptAsLate() {
        Circle c = withMaxTurn(Duration.ofMinutes(3));
        c.gathering.start().join();
        c.busy.add(c.m("Ada"));
        c.time.advance(Duration.ofSeconds(179));
        assertEquals("Ada", c.holder().name());
        c.time.advance(Duration.ofSeconds(1));
        assertEquals("Bo", c.holder().name(), "max_turn moves the piece");
        c.busy.remove(c.m("Ada"));
        c.gathering.onTurnOutput(c.m("Ada"), "Words that came too late.").join();
        assertEquals(List.of(), c.relayed());
        assertEquals("Words that came too late.", c.of(Effect.Late.class).get(0).text());
        assertEquals(0, c.injected("reminder").size(), "late words are not out of turn");
        c.gathering.onTurnOutput(c.m("Ada"), "And now out of turn.").join();
        assertEquals(1, c.of(Effect.OutOfTurn.class).size());
        // a holder cut off, whose old answer comes once the piece is back with it: late, not this turn's
        Circle d = withMaxTurn(Duration.ofMinutes(3));
        d.gathering.start().join();
        d.busy.add(d.m("Ada"));
        d.time.advance(Duration.ofMinutes(3));
        d.gathering.onTurnOutput(d.m("Bo"), "Bo speaks. I pass to Ada.").join();
        assertEquals("Ada", d.holder().name());
        d.gathering.onTurnOutput(d.m("Ada"), "The old answer. I pass to Cy.").join();
        assertEquals("Ada", d.holder().name(), "a late answer's pass phrase moves nothing");
        assertEquals(1, d.of(Effect.Late.class).size());
        d.busy.remove(d.m("Ada"));
        d.gathering.onTurnOutput(d.m("Ada"), "This turn's words.").join();
        assertEquals("This turn's words.", last(d.relayed()).text());
        // the cap holds in the final beat too
        c.time.advance(Duration.ofSeconds(120));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.busy.add(c.m("Bo"));
        c.time.advance(Duration.ofSeconds(60));
        assertEquals("Cy", c.holder().name());
    }

    @Test
    void wordsOfAMemberMidTurnWhenItClosedAreKeptAsLate() {
        Circle c = started();
        c.busy.add(c.m("Ada"));
        c.gathering.endNow("ended by command").join();
        c.gathering.onTurnOutput(c.m("Ada"), "An answer after the close.").join();
        c.gathering
                .onTurnOutput(c.m("Bo"), "Bo was idle; this is nobody's turn.")
                .join();
        c.gathering.onTurnOutput(c.m("Ada"), "And a second one.").join();
        assertEquals(
                List.of("An answer after the close."),
                c.of(Effect.Late.class).stream().map(Effect.Late::text).toList());
    }

    @Test
    void takeMovesThePieceFromAStuckHolderAndSaysWhoDidIt() {
        Circle c = started();
        c.busy.add(c.m("Ada"));
        c.gathering.take("Hu (the human member)", Optional.of("Cy")).join();
        assertEquals("Cy", c.holder().name());
        assertEquals(
                "Hu (the human member) took the piece from Ada and gave it to Cy",
                c.of(Effect.Note.class).get(0).text());
        c.busy.remove(c.m("Ada"));
        c.gathering.onTurnOutput(c.m("Ada"), "late").join();
        assertEquals(1, c.of(Effect.Late.class).size());
        CompletionException e = assertThrows(
                CompletionException.class,
                () -> c.gathering.take("me", Optional.of("Nobody")).join());
        assertTrue(
                e.getCause().getMessage().contains("no speaker 'Nobody'"),
                e.getCause().getMessage());
        c.gathering.take("me", Optional.empty()).join();
        assertEquals("Bo", c.holder().name(), "without --to: the next who has not spoken this round");
    }

    @Test
    void aMemberLeavingBeforeTheStartIsNotSeeded() {
        Circle c = new Circle("standard", 3, true, false);
        c.gathering.memberGone(c.m("Cy")).join();
        c.gathering.start().join();
        assertEquals(3, c.injected("seed").size());
        assertTrue(c.injected("seed").stream().noneMatch(i -> i.to().name().equals("Cy")));
    }

    @Test
    void onlyTheHolderCanPassByCommand() {
        Circle c = started();
        CompletionException e = assertThrows(
                CompletionException.class,
                () -> c.gathering.pass(c.m("Bo"), Optional.empty()).join());
        assertTrue(e.getCause().getMessage().contains("Bo does not hold the piece; Ada does"));
        c.gathering.pass(c.m("Ada"), Optional.of("3")).join();
        assertEquals("Cy", c.holder().name());
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

    @Test
    void manyGatheringsRunAtOnceWithoutSharingState() {
        Circle a = new Circle("standard", 3, true, false);
        Circle b = new Circle("daily", 2, false, false);
        a.gathering.start().join();
        b.gathering.start().join();
        a.gathering.onTurnOutput(a.m("Ada"), "I pass to Cy").join();
        b.gathering.onTurnOutput(b.m("Ada"), "plain words").join();
        assertEquals("Cy", a.holder().name());
        assertEquals("Ada", b.holder().name());
        assertTrue(b.relayed().stream().noneMatch(r -> r.text().contains("Cy")));
    }

    @Test
    void theNestedGuardRefusesAMemberOfARunningGathering() {
        Gatherings registry = new Gatherings();
        Circle c = new Circle("standard", 2, false, false);
        registry.add(Optional.empty(), c.members, () -> c.gathering);
        c.gathering.start().join();
        IllegalStateException fromCaller = assertThrows(
                IllegalStateException.class, () -> registry.add(Optional.of("%1"), List.of(), () -> c.gathering));
        assertTrue(fromCaller.getMessage().contains("a member cannot start another one"));
        Member ada = Member.inPane("Ada", 1, Role.SPEAKER, "%1");
        assertThrows(
                IllegalStateException.class, () -> registry.add(Optional.empty(), List.of(ada), () -> c.gathering));
        c.gathering.end("done").join();
        assertTrue(registry.byPane("%1").isEmpty(), "a closed gathering no longer blocks");
    }

    @Test
    void aRhythmWithoutAPieceOrWrongCountsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Circle("direct", 2, false, false));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new Circle("standard", 1, true, false));
        assertTrue(e.getMessage().contains("needs 2 to 12 speakers (got 1)"), e.getMessage());
    }

    @Test
    void theDiagramInDocsIsCurrent() throws Exception {
        java.nio.file.Path doc = java.nio.file.Path.of("docs/gathering-machine.md");
        String expected = GatheringDiagram.markdown();
        if (Boolean.getBoolean("gather.regenerate")) {
            java.nio.file.Files.writeString(doc, expected);
        }
        assertEquals(
                expected,
                java.nio.file.Files.readString(doc),
                "docs/gathering-machine.md is stale; regenerate: mvn test -Dtest=GatheringTest -Dgather.regenerate=true");
    }

    @AfterAll
    static void everyDeclaredTransitionWasExercised() {
        List<String> never = TransitionTable.ROWS.stream()
                .map(TransitionTable.Row::name)
                .filter(n -> !TransitionTable.FIRED.contains(n))
                .toList();
        assertEquals(List.of(), never, "declared transitions never exercised");
    }

    private static Circle withMaxTurn(Duration max) {
        var r = RhythmLibrary.shippedRhythm("standard").orElseThrow();
        var beats = new dev.gather.rhythm.Beats(
                r.beats().perTurn(), r.beats().interval(), r.beats().grace(), Optional.of(max));
        return new Circle(withBeats(r, beats), 3, true, false, GatheringOptions.NONE);
    }

    private static dev.gather.rhythm.Rhythm withBeats(dev.gather.rhythm.Rhythm r, dev.gather.rhythm.Beats b) {
        return new dev.gather.rhythm.Rhythm(
                r.name(),
                r.description(),
                r.openingQuestion(),
                r.talkingPiece(),
                r.breath(),
                b,
                r.passPatterns(),
                r.roles(),
                r.prompts(),
                r.turnBudget());
    }

    private static Circle started() {
        Circle c = new Circle("standard", 3, true, false);
        c.gathering.start().join();
        return c;
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }
}
