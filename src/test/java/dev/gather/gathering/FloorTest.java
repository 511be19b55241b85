package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The holder's words are the answer to its turn: a turn that began before the piece reached it (an
 * answer to something it heard earlier, ending late) is kept out of turn, in either hearing.
 */
class FloorTest {
    @Test
    void anAnswerToAnEarlierMessageEndingAfterThePieceArrivedIsNotTheHoldersWords() {
        Circle c = new Circle("minimal", 3, true, false);
        c.gathering.start().join();
        c.gathering.onTurnOutput(c.m("Ada"), "Ada's view. I pass the piece.").join();
        assertEquals("Bo", c.holder().name());
        // Bo's answer to Ada's words ends now: its turn began before the piece reached Bo
        c.gathering
                .onTurnOutput(c.m("Bo"), "Bo muses on Ada. I pass the piece.", () -> false, () -> false)
                .join();
        assertEquals("Bo", c.holder().name(), "an earlier answer's pass phrase moves nothing");
        assertEquals(1, c.relayed().size(), "only Ada's words were relayed");
        assertEquals(
                "Bo muses on Ada. I pass the piece.",
                c.of(Effect.OutOfTurn.class).get(0).text());
        assertTrue(c.injected("reminder").isEmpty(), "Bo holds the piece: nothing to remind it of");
        // the answer to its turn speaks for it
        c.gathering
                .onTurnOutput(c.m("Bo"), "Bo's view. I pass the piece.", () -> false, () -> true)
                .join();
        assertEquals("Cy", c.holder().name());
        assertEquals("Bo's view. I pass the piece.", c.relayed().get(1).text());
    }

    @Test
    void theHarvestIsTheAnswerToTheHarvestPromptAlone() {
        Circle c = new Circle("minimal", 2, true, false);
        c.gathering.start().join();
        c.passAround(100);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        c.gathering
                .onTurnOutput(c.m("Hal"), "Hal muses on the last words.", () -> false, () -> false)
                .join();
        assertTrue(c.of(Effect.HarvestStored.class).isEmpty());
        c.gathering
                .onTurnOutput(c.m("Hal"), "HARVEST: two voices.", () -> false, () -> true)
                .join();
        assertEquals(
                "HARVEST: two voices.", c.of(Effect.HarvestStored.class).get(0).text());
    }
}
