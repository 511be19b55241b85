package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Beside;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Configuration comes from the shipped files and $GATHER_HOME only: hostile or broken files in
 * either place never stop the daemon starting, and the working directory is never read.
 */
@Beside
class UserConfigTest {
    private static final String CYCLE = "r: &r {a: *r}\n";

    @TempDir
    Path home;

    @TempDir
    Path repo;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();

    @AfterEach
    void stopDaemon() throws Exception {
        Cli.startIn(repo, home, Optional.of(tmuxSocket), "daemon", "--stop").waitFor(30, TimeUnit.SECONDS);
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void cyclicAliasesInGatherHomeAndTheWorkingDirectoryLeaveTheDaemonStartingNormally() throws Exception {
        Files.createDirectories(home.resolve("profiles"));
        Files.writeString(home.resolve("profiles/evil.yaml"), CYCLE);
        Files.createDirectories(home.resolve("rhythms"));
        Files.writeString(home.resolve("rhythms/direct.yaml"), "name: &n {a: *n}\n");
        // what a repository an agent works in might hold: never read, not even to be refused
        Files.createDirectories(repo.resolve("profiles"));
        Files.writeString(repo.resolve("profiles/evil.yaml"), CYCLE);
        Files.writeString(repo.resolve("profiles/codex.yaml"), "profile: codex\ntyping: {enter_gap: soon}\n");
        Files.createDirectories(repo.resolve("rhythms"));
        Files.writeString(repo.resolve("rhythms/direct.yaml"), CYCLE);

        Process status = Cli.startIn(repo, home, Optional.of(tmuxSocket), "status");
        String out = new String(status.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(status.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, status.exitValue(), out);
        assertTrue(out.contains("daemon pid"), out);

        String log = Files.readString(home.resolve("daemon.log"));
        assertTrue(
                log.contains(home.resolve("profiles/evil.yaml") + ":1:4:") && log.contains("[yaml.recursive]"),
                "the bad user profile is reported with file:line:col [rule]:\n" + log);
        assertTrue(
                log.contains(home.resolve("rhythms/direct.yaml") + ":1:7:"),
                "the bad user rhythm is reported, the shipped direct used:\n" + log);
        assertFalse(log.contains(repo.toString()), "nothing from the working directory was read:\n" + log);
        assertFalse(log.contains("StackOverflowError"), log);

        Process list = Cli.startIn(repo, home, Optional.of(tmuxSocket), "status", "--format", "json");
        String json = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(list.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, list.exitValue(), json);
    }

    @Test
    void lintOnACyclicAliasSaysWhereAndWhichRuleAndExitsNonZero() throws Exception {
        Files.createDirectories(repo.resolve("profiles"));
        Path evil = repo.resolve("profiles/evil.yaml");
        Files.writeString(evil, CYCLE);
        Process lint = Cli.startIn(repo, home, Optional.empty(), "lint", evil.toString());
        String out = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(lint.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, lint.exitValue(), out);
        assertTrue(out.startsWith(evil + ":1:4: "), out);
        assertTrue(out.lines().findFirst().orElse("").endsWith("[yaml.recursive]"), out);
        assertFalse(out.contains("Exception") || out.contains("\tat "), out);
    }
}
