package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.rhythm.Listening;
import dev.gather.rhythm.RhythmLibrary;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * The talking piece moving: by a pass phrase in the holder's words, by command (pass, take), to
 * whom and when not, and words out of turn.
 */
class PassTest {
    @Test
    void passToName() {
        Circle c = Circle.started();
        c.gathering.onTurnOutput(c.m("Ada"), "My view is X. I pass to cy.").join();
        assertEquals("Cy", c.holder().name());
        assertEquals("My view is X. I pass to cy.", c.relayed().get(0).text());
        assertEquals("The piece is now with Cy (3).", Circle.last(c.announced("turn")));
    }

    @Test
    void passToNumber() {
        Circle c = Circle.started();
        c.gathering.onTurnOutput(c.m("Ada"), "Enough. Passing the piece to 2.").join();
        assertEquals("Bo", c.holder().name());
    }

    @Test
    void unnamedPassGoesToTheNextSpeaker() {
        Circle c = Circle.started();
        c.gathering.onTurnOutput(c.m("Ada"), "That is all. I pass the piece.").join();
        assertEquals("Bo", c.holder().name());
    }

    @Test
    void passToSomeoneWhoIsNotInTheGatheringIsNoPass() {
        Circle c = Circle.started();
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
        Circle c = Circle.started();
        c.gathering.onTurnOutput(c.m("Ada"), "I pass to Hal.").join();
        assertEquals("Bo", c.holder().name(), "the harvester never holds the piece");
    }

    @Test
    void theWordPassInOrdinaryProseNeverMovesThePiece() {
        Circle c = Circle.started();
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
        Circle c = Circle.started();
        c.gathering
                .onTurnOutput(c.m("Ada"), "I pass to Bo. No wait, I pass to Cy.")
                .join();
        assertEquals("Ada", c.holder().name());
    }

    @Test
    void outOfTurnOutputIsKeptNotRelayedAndRemindedOncePerTurn() {
        // live hearing types a reminder at once; digest keeps it for the member's next prompt (DigestTest)
        Circle c = new Circle(
                RhythmLibrary.shippedRhythm("standard").orElseThrow().withListening(Listening.LIVE),
                3,
                true,
                false,
                GatheringOptions.NONE);
        c.gathering.start().join();
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
    void theFinalBeatEndsTheTurnAtTheHoldersNextWordsNamingWhoIsNext() {
        Circle c = Circle.started();
        c.time.advance(Duration.ofSeconds(120));
        assertEquals(GatheringState.FINAL_BEAT, c.gathering.state());
        c.gathering
                .onTurnOutput(c.m("Ada"), "My last word: ship it. I pass to Cy.")
                .join();
        assertEquals("My last word: ship it. I pass to Cy.", c.relayed().get(0).text());
        assertEquals("Cy", c.holder().name(), "last words end the turn at once, to whom they name");
    }

    @Test
    void takeMovesThePieceFromAStuckHolderAndSaysWhoDidIt() {
        Circle c = Circle.started();
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
    void onlyTheHolderCanPassByCommand() {
        Circle c = Circle.started();
        CompletionException e = assertThrows(
                CompletionException.class,
                () -> c.gathering.pass(c.m("Bo"), Optional.empty()).join());
        assertTrue(e.getCause().getMessage().contains("Bo does not hold the piece; Ada does"));
        c.gathering.pass(c.m("Ada"), Optional.of("3")).join();
        assertEquals("Cy", c.holder().name());
    }
}
