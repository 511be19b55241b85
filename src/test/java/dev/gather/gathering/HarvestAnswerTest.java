package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.journal.Prompt;
import org.junit.jupiter.api.Test;

/**
 * The harvest is the harvester's answer to the harvest prompt: not words from a turn that ended
 * before that prompt was even queued, however late the lane hears them.
 */
class HarvestAnswerTest {
    @Test
    void wordsTheHarvesterHandedInBeforeTheHarvestPromptWasQueuedAreNotTheHarvest() {
        Circle c = new Circle("minimal", 2, true, false);
        c.gathering.start().join();
        // Hal's turn ends while the lane is queueing the harvest prompt (its channel shows nothing
        // for it yet): those words answered what Hal heard before, and are heard once it harvests
        c.meanwhile = e -> {
            if (e instanceof Effect.Inject i && i.kind() == Prompt.HARVEST) {
                c.meanwhile = x -> {};
                c.gathering.onTurnOutput(c.m("Hal"), "(Hal listens)");
            }
        };
        c.passAround(100);
        assertEquals(GatheringState.HARVESTING, c.gathering.state());
        assertTrue(c.of(Effect.HarvestStored.class).isEmpty(), "Hal's words came before the harvest was asked");
        assertFalse(c.gathering.closed());
        c.gathering.onTurnOutput(c.m("Hal"), "HARVEST: two voices.").join();
        assertEquals(
                "HARVEST: two voices.", c.of(Effect.HarvestStored.class).get(0).text());
        assertTrue(c.gathering.closed());
    }
}
