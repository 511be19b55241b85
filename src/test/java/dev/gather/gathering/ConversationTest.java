package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.turn.Typed;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The conversation so far, for a late member, fits one paste: newest turns kept, older ones counted. */
class ConversationTest {
    @Test
    void longConversationsKeepTheNewestTurnsWithinTheRoom() {
        List<String> said = new ArrayList<>();
        for (int i = 1; i <= 200; i++) {
            said.add("[Ada] (1): turn " + i + " " + "word ".repeat(300));
        }
        int room = Typed.MAX_CHARS - 1500;
        String block = Conversation.sofar(said, room);
        assertTrue(block.length() <= room, () -> "was " + block.length());
        assertTrue(block.contains("turn 200 "), "the newest turn is kept");
        assertTrue(block.contains("earlier turns left out)"));
        assertTrue(block.lines().filter(l -> l.startsWith("[Ada]")).allMatch(l -> l.length() <= Conversation.GIST));
    }

    @Test
    void aShortConversationIsKeptWhole() {
        String block = Conversation.sofar(List.of("[Ada] (1): hello", "[Bo] (2): hi\nthere"), 5000);
        assertEquals(
                "\n\nThe conversation so far (oldest first, shortened):\n[Ada] (1): hello\n[Bo] (2): hi there", block);
        assertTrue(Conversation.sofar(List.of(), 5000).contains("Nothing has been said"));
    }
}
