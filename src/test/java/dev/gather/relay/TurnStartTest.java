package dev.gather.relay;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.delivery.ChannelStatus;
import dev.gather.delivery.Letter;
import dev.gather.delivery.MemberState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which message started a turn is read from the receipts, by reference: never from the words. */
class TurnStartTest {
    private static Letter letter(String journal, long ref) {
        return new Letter(journal, ref, "Bo", "text " + ref);
    }

    private static ChannelStatus status(List<Letter> queued, List<Letter> handed, List<Letter> unconfirmed) {
        return new ChannelStatus(
                "%2",
                "claude",
                "door",
                MemberState.BUSY,
                Instant.EPOCH,
                queued,
                Optional.empty(),
                handed,
                unconfirmed,
                Optional.empty());
    }

    @Test
    void aTurnThatTookTheFloorOrALaterMessageBeganWithIt() {
        TurnStart took = TurnStart.of(Optional.of(status(List.of(), List.of(), List.of(letter("g", 12)))), "g", 12);
        assertTrue(took.beganWith(12));
        assertTrue(took.beganWith(10), "a beat after the piece");
    }

    @Test
    void aTurnThatTookOnlyOlderMessagesDidNot() {
        // the piece (12) waits in the harness's own queue while the answer to a relay (9) ends
        TurnStart older = TurnStart.of(
                Optional.of(status(List.of(), List.of(letter("g", 12)), List.of(letter("g", 9), letter("other", 30)))),
                "g",
                12);
        assertFalse(older.beganWith(12));
    }

    @Test
    void withoutAReceiptTheFloorStillWaitingOrGivenLaterSaysNo() {
        TurnStart waiting = TurnStart.of(Optional.of(status(List.of(letter("g", 12)), List.of(), List.of())), "g", 12);
        assertFalse(waiting.beganWith(12));
        TurnStart before = TurnStart.of(Optional.of(status(List.of(), List.of(), List.of())), "g", 5);
        assertFalse(before.beganWith(12), "the piece was handed after this turn ended");
        // the piece was taken and confirmed by an earlier turn: this one (a person's, a settled screen) is its own
        assertTrue(TurnStart.of(Optional.empty(), "g", 12).beganWith(12));
        assertTrue(TurnStart.of(Optional.empty(), "g", -1).beganWith(-1), "no floor known (a resumed gathering)");
    }
}
