package dev.gather.rhythm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pass pattern that backtracks without end ({@code ^(.*a){12}$}) is refused by lint within 2 s,
 * naming the pattern, and holds no relay: matched on a turn output it finds nothing within its bound.
 */
class SlowPatternLintTest {
    private static final String SLOW = "^(.*a){12}$";

    @Test
    void lintEndsWithinTwoSecondsNamingThePattern() throws Exception {
        String minimal = Files.readString(Path.of("rhythms/minimal.yaml"));
        String text = minimal.replace(
                "  - pattern: '(?i)\\bI pass the piece\\b'\n    example: Enough from me; I pass the piece.",
                "  - pattern: '" + SLOW + "'\n    example: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab");
        assertTrue(text.contains(SLOW), "the slow pattern is in the rhythm");
        long start = System.nanoTime();
        List<RhythmError> errors = RhythmLint.checkText("slow.yaml", text);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(Duration.ofSeconds(2)) < 0, "lint took " + took);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).toString().contains(SLOW), errors.toString());
        assertTrue(errors.get(0).toString().contains("pass.slow"), errors.toString());
    }

    @Test
    void aTurnOutputIsNotHeldByASlowPattern() {
        PassPattern slow = new PassPattern(Pattern.compile(SLOW), "");
        long start = System.nanoTime();
        assertTrue(slow.find("a".repeat(40) + "b").isEmpty());
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(Duration.ofSeconds(2)) < 0, "the match took " + took);
        assertTrue(new PassPattern(Pattern.compile("(?i)\\bI pass the piece\\b"), "")
                .find("Enough from me; I pass the piece.")
                .isPresent());
    }

    @Test
    void specialFilesAreRefusedAtOnceByNameAndListedForLint(@TempDir Path rhythms) throws Exception {
        Path fifo = rhythms.resolve("fifo.yaml");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Files.createSymbolicLink(rhythms.resolve("zero.yaml"), Path.of("/dev/zero"));
        Files.createSymbolicLink(rhythms.resolve("loop.yaml"), rhythms.resolve("loop.yaml"));
        List<Path> listed = new RhythmLibrary(List.of(rhythms)).userFiles();
        assertEquals(3, listed.size(), "lint checks each of them: " + listed);
        for (Path f : listed) {
            long start = System.nanoTime();
            List<RhythmError> errors = RhythmLint.check(f);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(Duration.ofSeconds(2)) < 0, f + " took " + took);
            assertEquals(1, errors.size(), errors.toString());
            assertTrue(errors.get(0).toString().contains(f.toString()), errors.toString());
            assertTrue(errors.get(0).toString().contains("file.special"), errors.toString());
        }
    }
}
