package dev.gather.tmux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gather.profile.Profiles;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HarnessQuirksTest {
    @Test
    void commandLeadersAreDefusedOnlyAtTheStart() {
        HarnessQuirks gemini = Profiles.shipped().forKind("Gemini").quirks();
        assertEquals(" !rm -rf ~", gemini.neutralize("!rm -rf ~"));
        assertEquals(" /quit", gemini.neutralize("/quit"));
        assertEquals("see /quit and !x", gemini.neutralize("see /quit and !x"));
        assertEquals("", gemini.neutralize(""));
    }

    @Test
    void unknownKindsAreGeneric() {
        assertEquals("generic", Profiles.shipped().forKind("vim").name());
        assertEquals("generic", Profiles.shipped().forKind(null).name());
        assertEquals("/quit", HarnessQuirks.GENERIC.neutralize("/quit"));
    }

    @Test
    void invariantsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new HarnessQuirks("x", Duration.ofMillis(-1), "", ""));
        assertThrows(IllegalArgumentException.class, () -> new HarnessQuirks("x", Duration.ZERO, "/", ""));
    }
}
