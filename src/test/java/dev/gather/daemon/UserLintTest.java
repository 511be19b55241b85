package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Slow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gather lint} with no argument, as a user runs it from some other folder: the shipped rhythms
 * (from inside gather, not the working directory) and the user's own in $GATHER_HOME/rhythms, every
 * error of a file in one pass.
 */
@Slow
class UserLintTest {
    static final Path EVERY_ERROR = Path.of("src/test/resources/rhythms/studio/every-error.yaml");

    static Cli.Result gather(Path cwd, Path home, String... args) throws Exception {
        return Cli.runIn(cwd, home, Optional.empty(), args);
    }

    @Test
    void withoutAnArgumentItChecksShippedAndUserRhythmsFromAnyFolderWithEveryErrorInOnePass(@TempDir Path tmp)
            throws Exception {
        Path home = tmp.resolve("home");
        Path mine = Files.createDirectories(home.resolve("rhythms")).resolve("mine.yaml");
        Files.copy(EVERY_ERROR, mine);
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));

        Cli.Result run = gather(elsewhere, home, "lint");

        assertEquals(1, run.code(), run.out());
        assertEquals(
                List.of(
                        mine + ":9:13: phase 'inhale' appears twice in breath [breath.unique-phase]",
                        mine
                                + ":10:44: beats.grace must be a duration like 90s, 2m, 1m30s or 500ms, at most six digits a unit (found 'thirty')"
                                + " [schema.duration]",
                        mine + ":10:52: unknown key 'pace' in beats; did you mean 'grace'? [schema.unknown-key]",
                        mine + ":16:14: pass_patterns[2].pattern matches the ordinary sentence \"the tests pass\";"
                                + " make it stricter [pass.innocent]",
                        mine + ":19:19: roles.speakers.min must not exceed max (found min 5, max 3) [roles.speakers]",
                        mine + ":23:3: a rhythm with a talking piece needs prompts.reminder [schema.required]",
                        mine + ":23:3: a rhythm with a talking piece needs prompts.left [schema.required]",
                        mine + ":35:9: prompts.turn uses unknown placeholder {holder}; it accepts [name, number]"
                                + " [prompts.placeholder]",
                        "14 files checked, 1 invalid"),
                run.out().lines().toList(),
                "the shipped rhythms pass, the user's file reports all its errors at once");
    }

    /** The daemon only logs a profile of the user's that does not load (and keeps the shipped one). */
    @Test
    void withoutAnArgumentItChecksTheUsersHarnessProfilesToo(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("home");
        Path hasty = Files.createDirectories(home.resolve("profiles")).resolve("hasty.yaml");
        Files.writeString(
                hasty,
                "profile: hasty\ntyping: {enter_gap: 0ms}\nready: {quiet: 2s, timeout: 1s}\nturns: {signal: none}\n");
        Cli.Result run = gather(tmp, home, "lint");
        assertEquals(1, run.code(), run.out());
        assertEquals(
                List.of(
                        hasty + ":3:29: ready.timeout must be longer than ready.quiet (2s): no harness could be ready"
                                + " in time [profile.ready]",
                        "14 files checked, 1 invalid"),
                run.out().lines().toList());
    }

    @Test
    void theShippedRhythmsAloneAreValidFromAnEmptyFolder(@TempDir Path tmp) throws Exception {
        Cli.Result run = gather(tmp, tmp.resolve("no-home"), "lint");
        assertEquals(0, run.code(), run.out());
        assertEquals("13 files checked, 0 invalid", run.out().strip());
        assertFalse(run.out().contains("no such file"), run.out());
    }

    @Test
    void userAddsTheUserRhythmsToTheGivenPaths(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("home");
        Path mine = Files.createDirectories(home.resolve("rhythms")).resolve("mine.yaml");
        Files.copy(EVERY_ERROR, mine);
        Path root = Path.of("").toAbsolutePath();
        Cli.Result run =
                gather(tmp, home, "lint", "--user", root.resolve("rhythms").toString());
        assertEquals(1, run.code(), run.out());
        assertTrue(run.out().contains(mine + ":9:13:"), run.out());
        assertTrue(run.out().strip().endsWith("14 files checked, 1 invalid"), run.out());
    }
}
