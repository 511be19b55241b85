package dev.gather.daemon;

import static dev.gather.daemon.Ceremonies.args;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.process.Processes;
import dev.gather.testing.Beside;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An agent gather spawned that ignores the hang-up of its closing pane (Gemini's node does) is
 * ended all the same when its gathering closes: no process outlives the gathering it was spawned for.
 */
@Beside
class LeftoverAgentsTest {
    /**
     * A speaker that leaves a helper behind which ignores the hang-up and reads no terminal, as
     * Gemini's node does: closing the pane alone would leave the helper running.
     */
    static final String STUBBORN =
            """
              stubborn: [sh, -c, "trap '' HUP; sleep 600 & exec \\"$@\\"", stubborn, "{gather}", sim, --name, "{name}", --think-ms, "30", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
            """;

    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(World.SIM_AGENTS + STUBBORN);

    World world;
    Path home;

    @Test
    void agentsThatIgnoreTheHangUpEndWithTheirGathering() throws Exception {
        JsonNode started = Ceremonies.start(world, args("minimal", "Ada:speaker:stubborn", "Bo:speaker:stubborn"));
        String id = started.path("gathering_id").asText();
        Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
        try {
            // each pane leaves a helper that ignores the hang-up and reads no terminal, once its shell has
            // run that far: waited for as such (a piece held by one speaker says nothing of the other's shell)
            List<ProcessHandle> agents =
                    await().atMost(Duration.ofSeconds(90)).until(() -> agents(seen), a -> stubbornHelpers(a) == 2);
            Cli.Result end = Cli.run(home, Optional.of(world.socket), "end", "--now", "--operator", id);
            assertEquals(0, end.code(), end.out());
            await().atMost(Duration.ofSeconds(60)).until(() -> agents.stream().noneMatch(ProcessHandle::isAlive));
            assertFalse(world.tmux.panes().stream().anyMatch(p -> p.session().startsWith("g-")));
        } finally {
            seen.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** The processes of the gathering's panes now, each also added to {@code seen}. */
    private List<ProcessHandle> agents(Set<ProcessHandle> seen) {
        List<ProcessHandle> agents = new ArrayList<>();
        world.tmux.panes().stream()
                .filter(p -> p.session().startsWith("g-"))
                .forEach(p -> agents.addAll(Processes.tree(p.pid())));
        seen.addAll(agents);
        return agents;
    }

    private static long stubbornHelpers(List<ProcessHandle> agents) {
        return agents.stream()
                .filter(p -> p.info().command().orElse("").endsWith("/sleep"))
                .filter(LeftoverAgentsTest::ignoresHangUp)
                .count();
    }

    /** Whether {@code p} ignores SIGHUP (bit 0 of SigIgn in /proc), as nohup leaves a program. */
    private static boolean ignoresHangUp(ProcessHandle p) {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status")).stream()
                    .filter(l -> l.startsWith("SigIgn:"))
                    .anyMatch(l -> (Long.parseLong(l.substring(7).strip(), 16) & 1) == 1);
        } catch (IOException gone) {
            return false;
        }
    }
}
