package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A gathering's spawned agents start as in a user's terminal: a daemon started from a CI job passes
 * CI=true on (through the tmux server it started), and Gemini CLI would then run headless and exit.
 */
@Beside
class SpawnedEnvironmentTest {
    private static final String AGENTS =
            """
            agents:
              listener: ["{gather}", sim, --name, "{name}", --think-ms, "30", --reply-when, "never-matches-anything"]
            """;

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(AGENTS);

    World world;

    @Test
    void aSpawnedMemberRunsWithoutTheCiJobsHeadlessSwitches() throws Exception {
        // what a daemon started from a CI job leaves in the tmux server it started, for every new pane
        World.tmux(world.socket, "set-environment", "-g", "CI", "true");
        World.tmux(world.socket, "set-environment", "-g", "GITHUB_ACTIONS", "true");
        ObjectNode args = World.args().put("rhythm", "minimal").put("beat_interval_seconds", 3600);
        JsonNode started = Ceremonies.start(world, args, "Ada::listener", "Bo::listener");
        String ada = started.path("members").get(0).path("pane").asText();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> world.tmux.capture(ada, 200).contains("Ada is ready."));

        Pane pane = world.tmux.panes().stream()
                .filter(p -> p.id().equals(ada))
                .findFirst()
                .orElseThrow();
        List<String> environment = Arrays.asList(new String(
                        Files.readAllBytes(Path.of("/proc", String.valueOf(pane.pid()), "environ")),
                        StandardCharsets.UTF_8)
                .split("\0"));
        assertTrue(
                environment.contains("GATHER_HOME=" + world.state.root()),
                "the sim's own environment is read: " + environment);
        assertFalse(environment.stream().anyMatch(v -> v.startsWith("CI=")), environment.toString());
        assertFalse(environment.stream().anyMatch(v -> v.startsWith("GITHUB_ACTIONS=")), environment.toString());
        // the pane's process is the agent itself (env exec'd it), so its profile and tree read as before
        assertEquals("java", pane.command(), pane.toString());
    }
}
