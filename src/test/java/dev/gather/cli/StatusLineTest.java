package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A delivery line of `gather status` ends in words, not in a stray separator. */
class StatusLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void countsAreJoinedAndTheNoteFollows() throws Exception {
        var pending = JSON.readTree("[{\"state\":\"typing\"},{\"state\":\"queued\"},{\"state\":\"queued\"}]");
        assertEquals("2 queued, 1 typing", StatusCommand.pending(pending, ""));
        assertEquals(
                "2 queued, 1 typing; waiting: dialog open", StatusCommand.pending(pending, "waiting: dialog open"));
        assertEquals("nothing pending", StatusCommand.pending(JSON.readTree("[]"), ""));
    }
}
