package dev.gather.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.Homes;
import dev.gather.install.Installer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Doctor's verdicts from a PATH of small stand-in programs, one line per check. */
class DoctorTest {
    @TempDir
    Path dir;

    private Path program(String name, String script) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path p = bin.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    private Map<String, Check> run() throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Map<String, String> env = Map.of(
                "PATH",
                dir.resolve("bin").toString(),
                "HOME",
                home.toString(),
                "GATHER_HOME",
                dir.resolve("state").toString());
        Path launcher = program("gather", "exit 0");
        List<Check> checks = new Doctor(env, Homes.of(env), launcher).checks();
        return checks.stream().collect(Collectors.toMap(Check::subject, c -> c, (a, b) -> a));
    }

    @Test
    void noTmuxFailsWithTheInstallCommand() throws IOException {
        Map<String, Check> checks = run();
        assertEquals(Check.Verdict.FAIL, checks.get("tmux").verdict());
        assertTrue(
                checks.get("tmux").line().contains("apt-get install tmux"),
                checks.get("tmux").line());
        assertEquals(Check.Verdict.WARN, checks.get("claude").verdict(), "a harness not used is only a warning");
    }

    @Test
    void harnessesAreFoundWithVersionDoorAndRegistration() throws IOException {
        program("tmux", "echo 'tmux 3.3a'");
        program(
                "codex",
                "if [ \"$1\" = queue ]; then exit 0; fi; echo 'WARNING: aliases' >&2; echo 'codex-cli 0.169.0'");
        program("gemini", "echo 0.61.0");
        Map<String, Check> checks = run();
        assertEquals(
                "ok    tmux: tmux 3.3a; the default tmux server",
                checks.get("tmux").line());
        Check codex = checks.get("codex");
        assertEquals(Check.Verdict.WARN, codex.verdict(), codex.line());
        assertTrue(codex.line().startsWith("warn  codex: codex-cli 0.169.0; door: codex queue;"), codex.line());
        assertTrue(codex.line().endsWith("— gather install codex"), codex.line());
        assertTrue(
                checks.get("gemini").line().contains("door: keystrokes"),
                checks.get("gemini").line());
    }

    @Test
    void aCodexWithoutQueueIsReachedByKeystrokes() throws IOException {
        program(
                "codex",
                "if [ \"$1\" = queue ]; then echo 'unknown command' >&2; exit 2; fi; echo 'codex-cli 0.100.0'");
        assertTrue(run().get("codex").line().contains("door: keystrokes (this Codex has no 'codex queue')"));
    }

    @Test
    void gatherAsAHarnessPluginIsARegistrationOfItsOwnButNotTwice() throws Exception {
        program("gemini", "echo 0.61.0");
        program("codex", "if [ \"$1\" = queue ]; then exit 0; fi; echo 'codex-cli 0.169.0'");
        Path extension = Files.createDirectories(dir.resolve("home/.gemini/extensions/gather"));
        Files.writeString(extension.resolve("gemini-extension.json"), "{\"name\": \"gather\"}\n");
        Path codexConfig = Files.createDirectories(dir.resolve("home/.codex")).resolve("config.toml");
        Files.writeString(codexConfig, "[plugins.\"gather@gather\"]\nenabled = true\n");
        Map<String, Check> checks = run();
        assertEquals(
                Check.Verdict.OK,
                checks.get("gemini").verdict(),
                checks.get("gemini").line());
        assertTrue(checks.get("gemini").line().endsWith("hook and MCP server from gather's plugin"));
        assertEquals(Check.Verdict.WARN, checks.get("codex").verdict(), "a Codex plugin carries no notify");
        assertTrue(
                checks.get("codex")
                        .line()
                        .endsWith("codex plugin remove gather@gather && codex plugin marketplace"
                                + " remove gather, then gather install codex"),
                checks.get("codex").line());

        Path home = dir.resolve("home");
        Installer.forHarness(
                        "gemini",
                        Homes.of(Map.of(
                                "HOME",
                                home.toString(),
                                "GATHER_HOME",
                                dir.resolve("state").toString())),
                        dir.resolve("bin/gather"),
                        Clock.systemUTC())
                .install();
        Check twice = run().get("gemini");
        assertEquals(Check.Verdict.WARN, twice.verdict(), twice.line());
        assertTrue(twice.line().contains("registered twice"), twice.line());
    }

    @Test
    void aStateDirectoryOthersCanReadFails() throws IOException {
        Path state = Files.createDirectories(dir.resolve("state"));
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxr-xr-x"));
        Check c = run().get("state");
        assertEquals(Check.Verdict.FAIL, c.verdict(), c.line());
        assertTrue(c.line().endsWith("chmod 700 " + state), c.line());
    }

    @Test
    void aPasswordInTheRedisUrlIsNeverShown() {
        assertEquals("redis://gather:***@127.0.0.1:6379", RedisCheck.shown("redis://gather:s3cret@127.0.0.1:6379"));
    }
}
