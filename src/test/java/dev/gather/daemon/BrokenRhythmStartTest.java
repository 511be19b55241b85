package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Beside;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's rhythm that does not load is refused where they start it, with every error as lint prints
 * it: never an internal error, never quietly replaced by the shipped rhythm of its name, never listed
 * as known.
 */
@Beside
class BrokenRhythmStartTest {
    @TempDir
    Path home;

    @TempDir
    Path elsewhere;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();

    @AfterEach
    void stopDaemon() throws Exception {
        Cli.startIn(elsewhere, home, Optional.of(tmuxSocket), "daemon", "--stop")
                .waitFor(30, TimeUnit.SECONDS);
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void startAnswersWithTheErrorsOfABrokenRhythmAndRefusesABrokenOverride() throws Exception {
        Path rhythms = Files.createDirectories(home.resolve("rhythms"));
        Path mine = rhythms.resolve("mine.yaml");
        Files.copy(Path.of("src/test/resources/rhythms/studio/every-error.yaml"), mine);
        Path daily = rhythms.resolve("daily.yaml");
        Files.writeString(daily, Files.readString(Path.of("rhythms/daily.yaml")).replace("per_turn: 2", "per_turn: 0"));

        Cli.Result start = Cli.run(home, Optional.of(tmuxSocket), "start", "mine", "-p", "Ada:speaker:sim");
        assertEquals(1, start.code(), start.out());
        assertTrue(start.out().contains("rhythm 'mine' (" + mine + ") does not load"), start.out());
        assertTrue(
                start.out().contains(mine + ":9:13: phase 'inhale' appears twice in breath [breath.unique-phase]"),
                start.out());
        assertTrue(start.out().contains(mine + ":35:9: prompts.turn uses unknown placeholder {holder}"), start.out());
        assertEquals(
                8, start.out().lines().filter(l -> l.startsWith(mine + ":")).count(), start.out());
        assertFalse(start.out().contains("internal error") || start.out().contains("Exception"), start.out());

        Cli.Result override = Cli.run(home, Optional.of(tmuxSocket), "start", "daily", "-p", "Ada:speaker:sim");
        assertEquals(1, override.code(), override.out());
        assertTrue(
                override.out()
                        .contains("your rhythm 'daily' (" + daily + ") replaces the shipped one but does not load"),
                override.out());
        assertTrue(
                override.out().contains(daily + ":10:19: beats.per_turn must have a minimum value of 1"),
                override.out());

        Cli.Result unknown = Cli.run(home, Optional.of(tmuxSocket), "start", "mien", "-p", "Ada:speaker:sim");
        assertEquals(1, unknown.code(), unknown.out());
        assertTrue(
                unknown.out()
                        .contains(
                                "unknown rhythm 'mien'; known: council, count, design-decision, direct, extended, incident-review, minimal, monthly, retrospective, review-circle, standard, weekly"
                                        + " (not loading, see gather lint: daily, mine)"),
                unknown.out());

        String log = Files.readString(home.resolve("daemon.log"));
        assertFalse(
                log.contains("RhythmException") || log.contains("\tat "), "no stack trace for a user's file:\n" + log);
    }
}
