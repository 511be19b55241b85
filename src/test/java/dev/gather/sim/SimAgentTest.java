package dev.gather.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SimAgentTest {
    @Test
    void quotesTheFirstSixtyCharactersOnOneLineAndCounts() {
        SimAgent ada = new SimAgent("Ada", Optional.empty(), 0);
        assertEquals("Ada heard \"hello there\" — reply #1", ada.reply("  hello\n\n there "));
        String reply = ada.reply("x".repeat(100));
        assertEquals("Ada heard \"" + "x".repeat(60) + "\" — reply #2", reply);
    }

    @Test
    void passesEveryNReplies() {
        SimAgent ada = new SimAgent("Ada", Optional.of("Bob"), 2);
        assertEquals("Ada heard \"a\" — reply #1", ada.reply("a"));
        assertEquals("Ada heard \"b\" — reply #2. I pass to Bob", ada.reply("b"));
        SimAgent solo = new SimAgent("Cy", Optional.empty(), 1);
        assertEquals("Cy heard \"c\" — reply #1. I pass the piece", solo.reply("c"));
    }

    @Test
    void followsAScriptThenQuotesAgain() {
        SimAgent ada = new SimAgent("Ada", Optional.of("Bob"), 2, java.util.List.of("About {heard}: yes", "Done"));
        assertEquals("About x y: yes", ada.reply("x\ny"));
        assertEquals("Done. I pass to Bob", ada.reply("z"));
        assertEquals("Ada heard \"w\" — reply #3", ada.reply("w"));
    }

    @Test
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new SimAgent(" ", Optional.empty(), 0));
        assertThrows(IllegalArgumentException.class, () -> new SimAgent("Ada", Optional.empty(), -1));
    }
}
