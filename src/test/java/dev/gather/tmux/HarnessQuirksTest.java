package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class HarnessQuirksTest {
    @Test
    void commandLeadersAreDefusedOnlyAtTheStart() {
        HarnessQuirks gemini = HarnessQuirks.forKind("Gemini");
        assertEquals(" !rm -rf ~", gemini.neutralize("!rm -rf ~"));
        assertEquals(" /quit", gemini.neutralize("/quit"));
        assertEquals("see /quit and !x", gemini.neutralize("see /quit and !x"));
        assertEquals("", gemini.neutralize(""));
    }

    @Test
    void unknownKindsAreGeneric() {
        assertEquals(HarnessQuirks.GENERIC, HarnessQuirks.forKind("vim"));
        assertEquals(HarnessQuirks.GENERIC, HarnessQuirks.forKind(null));
        assertEquals("/quit", HarnessQuirks.GENERIC.neutralize("/quit"));
    }

    @Test
    void invariantsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new HarnessQuirks("x", Duration.ofMillis(-1), "", ""));
        assertThrows(IllegalArgumentException.class, () -> new HarnessQuirks("x", Duration.ZERO, "/", ""));
    }
}
