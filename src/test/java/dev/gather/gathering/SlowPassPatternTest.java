package dev.gather.gathering;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.link.Member;
import dev.gather.link.Role;
import dev.gather.rhythm.PassPattern;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The live relay matches a rhythm's pass patterns with a time bound: a pattern that backtracks without end holds no turn. */
class SlowPassPatternTest {
    private static final List<Member> MEMBERS =
            List.of(Member.inPane("Ada", 1, Role.SPEAKER, "%1"), Member.inPane("Bo", 2, Role.SPEAKER, "%2"));

    @Test
    void aSlowPatternFindsNothingWithinItsBoundAndTheOthersStillWork() {
        List<PassPattern> patterns = List.of(
                new PassPattern(Pattern.compile("^(.*a){12}$"), ""),
                new PassPattern(Pattern.compile("(?i)\\bI pass the piece\\b"), ""));
        String turn = "a".repeat(40) + "b\n\nThat is all from me. I pass the piece.";
        long start = System.nanoTime();
        Optional<PassMatcher.Pass> pass = PassMatcher.find(patterns, turn, MEMBERS);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(Duration.ofSeconds(2)) < 0, "matching took " + took);
        assertTrue(pass.isPresent() && pass.get().target().isEmpty(), "the ordinary pass is still found: " + pass);
    }
}
