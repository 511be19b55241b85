package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.link.Link;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A turn the hook cannot write into the spool (every write fails, as on a full disk) reaches the
 * daemon on its socket, for bin/gather's shell hook and for the Java hook alike: relayed once, the hook
 * exits 0. One that reaches neither makes the hook fail with a word on stderr, never exit 0 silently.
 */
@Beside
class FullSpoolTest {
    private static final Duration LONG = Duration.ofSeconds(90);

    @TempDir
    Path home;

    @TempDir
    Path work;

    private World world;
    private Path launcher;

    @BeforeEach
    void start() throws Exception {
        world = new World(home.resolve("state"));
        launcher = ThisBuild.install(work.resolve("install"));
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void aTurnTheSpoolCannotTakeGoesOverTheSocketOrTheHookFailsLoudly() throws Exception {
        // Ada only listens: a simulated agent would end turns through the spool that cannot take them
        Pane ada = world.tmux.spawn(new SpawnSpec("Ada", List.of("cat"), env(), work, 160, 40));
        String java = ProcessHandle.current().info().command().orElse("java");
        Files.writeString(
                work.resolve("turns.sh"),
                """
                printf '{"last_message":"said by the shell hook on a full disk"}' | '%1$s' hook sim
                echo "exit $?" > shell.out
                printf '{"last_message":"said by the java hook on a full disk"}' \\
                  | '%2$s' -XX:TieredStopAtLevel=1 -cp '%3$s' dev.gather.cli.Main hook sim
                echo "exit $?" > java.out
                """
                        .formatted(launcher, java, System.getProperty("java.class.path")));
        // Cy: a shell that runs both hooks once the test presses Enter, after the spool stopped taking files
        Pane cy = world.tmux.spawn(new SpawnSpec(
                "Cy", List.of("sh", "-c", "read go; sh ./turns.sh; exec sleep 600"), env(), work, 160, 40));
        Link link = world.linkInPanes("full", ada, cy);
        // no file can be made in spool/tmp any more: a file stands where the folder was (a test may run
        // as root, whom a folder's permissions do not stop), so every write fails as on a full disk
        Path staging = world.state.spool().resolve("tmp");
        Files.delete(staging);
        Files.writeString(staging, "not a folder");
        world.tmux.sendKeys(cy.id(), "Enter");

        await().atMost(LONG).until(() -> Files.exists(work.resolve("java.out")));
        assertEquals("exit 0", Files.readString(work.resolve("shell.out")).strip());
        assertEquals("exit 0", Files.readString(work.resolve("java.out")).strip());
        await().atMost(LONG).until(() -> world.entries(link.id(), "relay").size() == 2);
        List<JsonNode> relayed = world.entries(link.id(), "relay");
        assertEquals(
                List.of("Cy", "Cy"),
                relayed.stream().map(e -> e.path("from").asText()).toList());
        assertTrue(relayed.get(0).toString().contains("said by the shell hook on a full disk"), relayed.toString());
        assertTrue(relayed.get(1).toString().contains("said by the java hook on a full disk"), relayed.toString());

        // from outside every pane, naming none: the socket refuses it too, and the hook says so and fails
        ProcessBuilder outside = new ProcessBuilder(launcher.toString(), "hook", "sim").redirectErrorStream(true);
        outside.environment().putAll(env());
        outside.environment().remove("TMUX_PANE");
        outside.environment().remove("GATHER_PANE");
        Process hook = outside.start();
        hook.getOutputStream().write("{\"last_message\":\"nowhere to go\"}".getBytes(StandardCharsets.UTF_8));
        hook.getOutputStream().close();
        String said = new String(hook.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(hook.waitFor(60, TimeUnit.SECONDS), said);
        assertNotEquals(0, hook.exitValue(), said);
        assertTrue(said.contains("this turn was not handed over"), said);
        assertEquals(2, world.entries(link.id(), "relay").size(), "nothing else was relayed");
    }

    private Map<String, String> env() {
        return Map.of(
                "GATHER_HOME", world.state.root().toString(), "GATHER_TMUX_SOCKET", world.socket, "LANG", "C.UTF-8");
    }
}
