package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.remote.Remote;
import dev.gather.server.UserError;
import dev.gather.testing.Slow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A computer that holds the pairing key asks the other to spawn something that is not one of its
 * kinds (issue 35: {@code sh -c 'touch F'} ran on beta, {@code /bin/sh} opened a bare shell there):
 * the spawn is signed and well formed, and still refused, on both sides' journals, with nothing run.
 */
@Slow
class RemoteSpawnPolicyTest extends TwoComputers {
    @Test
    void aSignedSpawnOfACommandLineAPathOrAnUnknownKindIsRefusedAndJournalledOnBothSides() throws Exception {
        Files.writeString(beta.state.root().resolve("agents.yaml"), World.SIM_AGENTS);
        computers.awaitReachable();
        Path touched = home.resolve("touched-by-alpha");
        int panes = beta.tmux.panes().size();
        List<String> asked = List.of("sh -c 'touch " + touched + "'", "/bin/sh", "nosuchkind", "--help");
        for (String kind : asked) {
            UserError refused = assertThrows(
                    UserError.class,
                    () -> alpha.daemon.remote.spawns.spawn("beta", "g-" + asked.indexOf(kind), "Bo", kind),
                    kind + " was started on beta");
            assertTrue(refused.getMessage().contains("is not an agent kind of this computer"), refused.getMessage());
        }
        assertFalse(Files.exists(touched), "the command line ran on beta");
        assertEquals(panes, beta.tmux.panes().size(), "beta opened a pane for a refused spawn");

        List<JsonNode> onBeta = beta.entries(Remote.REJECTED, "rejected");
        assertEquals(asked.size(), onBeta.size(), onBeta.toString());
        assertTrue(
                onBeta.stream()
                        .allMatch(e -> e.path("envelope_kind").asText().equals("spawn")
                                && e.path("claimed_from").asText().equals("alpha")),
                onBeta.toString());
        List<JsonNode> onAlpha = alpha.entries(Remote.REJECTED, "spawn_refused");
        assertEquals(
                asked,
                onAlpha.stream().map(e -> e.path("agent_kind").asText()).toList(),
                "alpha journals each refusal: " + onAlpha);
        assertTrue(onAlpha.stream().allMatch(e -> e.path("computer").asText().equals("beta")), onAlpha.toString());
    }

    @Test
    void aKindOfTheReceivingComputersAgentsFileIsStillSpawned() throws Exception {
        Files.writeString(beta.state.root().resolve("agents.yaml"), World.SIM_AGENTS);
        computers.awaitReachable();
        String pane = alpha.daemon.remote.spawns.spawn("beta", "g-known", "Bo", "speaker");
        assertTrue(pane.startsWith("beta:%"), pane);
        assertTrue(beta.tmux.alive(pane.substring("beta:".length())), "beta spawned its own kind");
        assertEquals(List.of(), beta.entries(Remote.REJECTED, "rejected"));
    }

    @Test
    void aPaneSpawnedForAnotherComputerIsEndedByItsOwnerEvenAfterThisDaemonRestarted() throws Exception {
        // issue 35: a pane spawned on another computer was left running when that computer's daemon restarted
        Files.writeString(beta.state.root().resolve("agents.yaml"), World.SIM_AGENTS);
        computers.awaitReachable();
        String bo = alpha.daemon.remote.spawns.spawn("beta", "g-restart", "Bo", "speaker");
        String pane = bo.substring("beta:".length());
        beta.restartDaemon();
        assertTrue(beta.tmux.alive(pane), "the agent runs on through its daemon's restart");
        alpha.daemon.remote.spawns.end("beta", pane);
        await().atMost(Duration.ofSeconds(30)).until(() -> !beta.tmux.alive(pane));
        assertEquals(List.of(), beta.entries(Remote.REJECTED, "rejected"), "the owner's end was believed");
    }
}
