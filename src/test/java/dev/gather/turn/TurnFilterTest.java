package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TurnFilterTest {
    private final TurnFilter filter = TurnFilter.defaults();

    @Test
    void emptyAndBlankOutputsNeverCross() {
        assertEquals(Optional.empty(), filter.apply(""));
        assertEquals(Optional.empty(), filter.apply(" \n\t "));
        assertEquals(Optional.empty(), filter.apply("\u001B[2J\u001B[0m"));
    }

    @Test
    void checkpointOutputsNeverCross() {
        assertEquals(Optional.empty(), filter.apply("  [Checkpoint] saved state"));
        assertEquals(Optional.empty(), filter.apply("checkpoint: tests pass"));
        TurnFilter custom = new TurnFilter(100, List.of("WIP"));
        assertEquals(Optional.empty(), custom.apply("wip still going"));
        assertEquals(Optional.of("checkpoint: is relayed here"), custom.apply("checkpoint: is relayed here"));
    }

    @Test
    void terminalEscapesAndControlsAreStripped() {
        assertEquals(
                Optional.of("red text\nnext"),
                filter.apply("\u001B[31mred\u001B[0m text\r\n\u001B]0;title\u0007next\u0008"));
    }

    @Test
    void longOutputsAreCappedVisibly() {
        String text = "a".repeat(12_500);
        String out = filter.apply(text).orElseThrow();
        assertEquals(TurnFilter.DEFAULT_MAX_CHARS, out.length());
        assertTrue(out.endsWith("\n[truncated]"));
        assertEquals("a".repeat(12_000), filter.apply("a".repeat(12_000)).orElseThrow());
    }

    @Test
    void capNeverSplitsASurrogatePair() {
        TurnFilter small = new TurnFilter(20, List.of());
        String out = small.apply("12345678" + "😀".repeat(10)).orElseThrow();
        assertTrue(out.endsWith("[truncated]"));
        String kept = out.substring(0, out.length() - "\n[truncated]".length());
        assertTrue(!Character.isHighSurrogate(kept.charAt(kept.length() - 1)), kept);
    }

    @Test
    void filtersWholeOutputsKeepingAttribution() {
        TurnOutput out = new TurnOutput("%1", "codex", "  hi  ", Instant.EPOCH);
        assertEquals(Optional.of(new TurnOutput("%1", "codex", "hi", Instant.EPOCH)), filter.apply(out));
    }

    @Test
    void tooSmallCapIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TurnFilter(5, List.of()));
    }
}
