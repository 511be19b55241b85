package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.time.ManualScheduler;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** 300 {@code say} calls in one second were all relayed (issue 28): one speaker's words are paced. */
class PaceTest {
    private final ManualScheduler time = new ManualScheduler();
    private final Clock clock = time.clock();

    @Test
    void aFloodFromOneSpeakerIsRefusedPastTheBurstAndOthersAreNotHeldBack() {
        Pace pace = new Pace(clock);
        int accepted = 0;
        UserError refused = null;
        for (int i = 0; i < 300; i++) {
            try {
                pace.check(request("say", Optional.empty()));
                accepted++;
            } catch (UserError e) {
                refused = e;
            }
            time.advance(Duration.ofMillis(3)); // 300 calls in about a second
        }
        assertEquals(Pace.BURST, accepted);
        assertTrue(
                refused.getMessage().startsWith("say: refused: 10 messages in 10 s from this terminal already"),
                refused.getMessage());
        // another speaker has a pace of its own
        pace.check(request("send", Optional.of("%7")));
        // and the flooding one may speak again once its window has passed
        time.advance(Duration.ofSeconds(10));
        pace.check(request("say", Optional.empty()));
        // ops that relay no words are not paced
        for (int i = 0; i < 50; i++) {
            pace.check(request("gathering_status", Optional.empty()));
        }
        Pace tight = new Pace(clock, 1, Duration.ofSeconds(10));
        tight.check(request("send", Optional.of("%3")));
        UserError again = assertThrows(UserError.class, () -> tight.check(request("send", Optional.of("%3"))));
        assertTrue(again.getMessage().contains("from pane %3"), again.getMessage());
        assertTrue(again.getMessage().endsWith("Try again in 10 s"), again.getMessage());
    }

    private static Request request(String op, Optional<String> pane) {
        ObjectNode args = Dispatcher.JSON.createObjectNode().put("text", "words");
        return new Request(op, null, pane, args);
    }
}
