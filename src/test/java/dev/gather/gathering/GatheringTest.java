package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Every way through a gathering's machine, in virtual time: the harvest, every way it ends, the
 * waits on a holder or harvester mid-turn and the turn cap; the last check proves that every
 * declared transition ran (the rows these tests fire cover the table on their own).
 */
class GatheringTest {
    @Test
    void theHarvesterNeverHoldsThePieceAndWritesTheHarvest() {
        Circle c = Circle.started();
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
                .onTurnOutput(c.m("Hal"), "an answer to what Hal heard before", () -> true)
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
        assertEquals(
                "The standard gathering has closed (harvest complete). Thank you.",
                Circle.last(c.announced("closing")));
        assertInstanceOf(Effect.Closed.class, c.effects.get(c.effects.size() - 1));
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
                "The minimal gathering has closed (the breath is complete). Thank you.",
                Circle.last(c.announced("closing")));
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
                Circle.last(c.announced("closing")));
        Circle d = new Circle("minimal", 2, true, false);
        d.gathering.start().join();
        d.passAround(100);
        d.gathering.memberGone(d.m("Bo")).join();
        assertFalse(d.gathering.closed(), "a speaker leaving while the harvest is written changes nothing");
        d.gathering.memberGone(d.m("Hal")).join();
        assertTrue(d.gathering.closed());
        assertTrue(
                Circle.last(d.announced("closing")).contains("no harvest: the harvester left"),
                d.announced("closing")::toString);
    }

    @Test
    void aHarvesterMidTurnGetsItsTimeUpToMaxTurn() {
        Circle c = Circle.withMaxTurn(Duration.ofMinutes(10));
        c.gathering.start().join();
        c.passAround(100);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        c.busy.add(c.m("Hal"));
        c.time.advance(Duration.ofMinutes(5));
        assertFalse(c.gathering.closed(), "the harvester is still writing");
        c.busy.remove(c.m("Hal"));
        c.gathering.onTurnOutput(c.m("Hal"), "Harvest: all agreed.").join();
        assertEquals("harvest complete", c.gathering.closedReason().orElseThrow());
        Circle d = Circle.withMaxTurn(Duration.ofMinutes(10));
        d.gathering.start().join();
        d.passAround(100);
        d.busy.add(d.m("Hal"));
        d.time.advance(Duration.ofMinutes(11));
        assertTrue(d.gathering.closed());
        assertTrue(d.gathering.closedReason().orElseThrow().contains("no harvest"));
    }

    @Test
    void endAsksTheHarvesterAndEndNowDoesNot() {
        Circle c = Circle.started();
        c.gathering.end("ended by Ada").join();
        assertEquals(GatheringState.HARVESTING, c.gathering.state(), "end asks for the harvest first");
        assertEquals(1, c.injected("harvest").size());
        c.gathering.end("ended again").join();
        assertEquals(GatheringState.HARVESTING, c.gathering.state(), "a second end waits for the same harvest");
        c.gathering.onTurnOutput(c.m("Hal"), "Harvest: short.").join();
        assertEquals(
                "The standard gathering has closed (ended by Ada; harvest complete). Thank you.",
                Circle.last(c.announced("closing")));
        Circle d = Circle.started();
        d.gathering.endNow("ended by command, without a harvest").join();
        assertTrue(d.gathering.closed());
        assertEquals(0, d.injected("harvest").size());
        Circle e = Circle.started();
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
        Circle c = Circle.started();
        c.gathering.endNow("ended by Ada").join();
        assertTrue(c.gathering.closed());
        assertEquals(
                "The standard gathering has closed (ended by Ada). Thank you.", Circle.last(c.announced("closing")));
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
        Circle c = Circle.started();
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
                Circle.last(c.of(Effect.OutOfTurn.class)).text());
        c.gathering.end("stopped in the final beat").join();
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
    }

    @Test
    void aHolderMidTurnKeepsThePieceBeatsWaitAndItsWordsAreRelayedFirst() {
        Circle c = Circle.started();
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
    void maxTurnMovesThePieceFromAHolderMidTurnAndItsLateWordsAreKeptAsLate() {
        Circle c = Circle.withMaxTurn(Duration.ofMinutes(3));
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
        Circle d = Circle.withMaxTurn(Duration.ofMinutes(3));
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
        assertEquals("This turn's words.", Circle.last(d.relayed()).text());
        // the cap holds in the final beat too
        c.time.advance(Duration.ofSeconds(120));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.busy.add(c.m("Bo"));
        c.time.advance(Duration.ofSeconds(60));
        assertEquals("Cy", c.holder().name());
    }

    @Test
    void theDiagramInDocsIsCurrent() throws Exception {
        Path doc = Path.of("docs/gathering-machine.md");
        String expected = GatheringDiagram.markdown();
        if (Boolean.getBoolean("gather.regenerate")) {
            Files.writeString(doc, expected);
        }
        assertEquals(
                expected,
                Files.readString(doc),
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
}
