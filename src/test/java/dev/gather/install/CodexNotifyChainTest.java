package dev.gather.install;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.gather.home.Homes;
import dev.gather.testing.Beside;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user with a Codex notify program of their own installs gather: Codex then runs gather's hook, which
 * hands the turn to gather and runs theirs with the same event, as Codex would have; uninstall gives it back.
 */
@Beside
class CodexNotifyChainTest {
    private static final Path LAUNCHER = Path.of("bin/gather").toAbsolutePath();
    private static final String EVENT =
            "{\"type\":\"agent-turn-complete\",\"last-assistant-message\":\"it's done; $(x)\"}";

    @TempDir
    Path home;

    @Test
    void theirNotifyGetsTheSameEventThroughGathersHook() throws Exception {
        Path config = Files.createDirectories(home.resolve(".codex")).resolve("config.toml");
        Path heard = home.resolve("heard");
        // their program writes its last argument (the event) to a file, as a notifier would show it
        String theirs = "notify = [\"sh\", \"-c\", \"printf %s \\\"$1\\\" > '" + heard + "'\", \"theirs\"]\n";
        Files.writeString(config, theirs + "model = \"o3\"\n");
        Installer installer =
                Installer.forHarness("codex", Homes.of(Map.of("HOME", home.toString())), LAUNCHER, Clock.systemUTC());
        installer.install();

        List<String> argv = new ArrayList<>();
        new TomlMapper().readTree(config.toFile()).path("notify").forEach(a -> argv.add(a.asText()));
        assertEquals(List.of(LAUNCHER.toString(), "hook", "codex", "--"), argv.subList(0, 4));
        argv.add(EVENT); // as Codex calls it
        ProcessBuilder codex = new ProcessBuilder(argv);
        codex.environment().put("GATHER_HOME", home.resolve("state").toString());
        codex.environment().remove("TMUX_PANE");
        Process p = codex.start();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());

        await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(heard) && Files.size(heard) > 0);
        assertEquals(EVENT, Files.readString(heard));
        try (Stream<Path> spooled = Files.list(home.resolve("state/spool/in"))) {
            List<Path> files = spooled.toList();
            assertEquals(1, files.size());
            assertTrue(Files.readString(files.get(0)).endsWith(EVENT), "gather got the same event");
        }

        installer.uninstall();
        JsonNode back = new TomlMapper().readTree(config.toFile());
        assertEquals(new TomlMapper().readTree(theirs + "model = \"o3\"\n"), back);
    }

    @Test
    void theJavaHookChainsTheSameWay() throws Exception {
        Path heard = home.resolve("heard");
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder hook = new ProcessBuilder(
                javaBin,
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main",
                "hook",
                "codex",
                "--",
                "sh",
                "-c",
                "printf %s \"$1\" > '" + heard + "'",
                "theirs",
                EVENT);
        hook.environment().put("GATHER_HOME", home.resolve("state").toString());
        hook.environment().remove("TMUX_PANE");
        Process p = hook.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(heard) && Files.size(heard) > 0);
        assertEquals(EVENT, Files.readString(heard));
        try (Stream<Path> spooled = Files.list(home.resolve("state/spool/in"))) {
            assertEquals(1, spooled.count());
        }
    }
}
