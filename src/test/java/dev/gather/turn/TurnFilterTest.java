package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TurnFilterTest {
    private final TurnFilter filter = TurnFilter.DEFAULT;

    @Test
    void emptyAndCheckpointOutputsNeverCross() {
        assertTrue(filter.apply("").isEmpty());
        assertTrue(filter.apply("  \n\t ").isEmpty());
        assertTrue(filter.apply("[checkpoint] saved state").isEmpty());
        assertTrue(filter.apply("checkpoint: wip").isEmpty());
    }

    @Test
    void longOutputsAreCutWithAVisibleMark() {
        String out = filter.apply("x".repeat(20_000)).orElseThrow();
        assertEquals(12_000, out.length());
        assertTrue(out.endsWith("[truncated]"));
    }

    @Test
    void ordinaryOutputsCrossStripped() {
        assertEquals("hello", filter.apply("  hello \n").orElseThrow());
    }
}
