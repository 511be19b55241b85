package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** tmux failing under a running daemon: the server killed, the control-mode client killed, a holder's pane killed. */
@Beside
class TmuxFaultTest {
    @RegisterExtension
    final Worlds worlds = Worlds.withAgents(
            """
            agents:
              speaker: ["{gather}", sim, --name, "{name}", --think-ms, "30", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
            """);

    World world;

    @Test
    void theTmuxServerKilledUnderTheDaemonIsReportedAndTheDaemonKeepsServing() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", "never-matches");
        Pane bo = world.sim("Bo", "--reply-when", "never-matches");
        world.link(ada, bo.id(), "hi");

        tmux("kill-server");
        // tmux keeps its sockets in a folder named by the user's id
        Path socket = Path.of(
                System.getenv().getOrDefault("TMUX_TMPDIR", "/tmp"),
                "tmux-" + Files.getAttribute(Path.of("/proc/self"), "unix:uid"),
                world.socket);
        await().atMost(Duration.ofSeconds(10)).until(() -> !Files.exists(socket) || !alive(ada));

        JsonNode send = world.call(null, "send", World.args().put("to", bo.id()).put("message", "anyone?"));
        assertFalse(send.path("ok").asBoolean(), send.toString());
        assertTrue(send.path("error").asText().contains("tmux"), "a clear error, not a stack trace: " + send);
        assertFalse(send.path("error").asText().contains("Exception"), send.toString());
        JsonNode status = world.call(null, "status", World.args());
        assertTrue(status.path("ok").asBoolean(), "status still answers: " + status);
        assertFalse(status.path("tmux").path("ok").asBoolean(true), "status says tmux is gone: " + status);
        assertTrue(status.path("tmux").path("error").asText().startsWith("tmux does not answer"), status.toString());
        // the linked panes died with the server: their link closes, nothing is left to type into
        await().atMost(Duration.ofSeconds(15))
                .until(() -> world.daemon.links.all().isEmpty());
    }

    @Test
    void theControlModeClientKilledIsReplacedAndDeliveryGoesOn() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", "never-matches");
        Pane bo = world.sim("Bo", "--reply-when", "never-matches");
        List<ProcessHandle> clients = ProcessHandle.current()
                .descendants()
                .filter(p -> p.info().commandLine().orElse("").contains(world.socket)
                        && p.info().commandLine().orElse("").contains(" -C"))
                .toList();
        assertFalse(clients.isEmpty(), "the daemon talks to tmux through a control-mode client");
        clients.forEach(ProcessHandle::destroyForcibly);
        await().atMost(Duration.ofSeconds(10)).until(() -> clients.stream().noneMatch(ProcessHandle::isAlive));

        ObjectNode args = World.args()
                .put("to", bo.id())
                .put("message", "after the client died")
                .put("direct", true);
        JsonNode answer = world.call(ada, "send", args);
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        await().atMost(Duration.ofSeconds(20)).until(() -> world.screen(bo).contains("after the client died"));
        assertTrue(world.screen(ada).contains("Ada is ready."), "the panes lived through it");
        JsonNode status = world.call(null, "status", World.args());
        assertTrue(status.path("tmux").path("ok").asBoolean(), "status sees tmux again: " + status);
    }

    @Test
    void aHolderWhosePaneIsKilledLeavesAndThePieceMovesOn() throws Exception {
        JsonNode started =
                Ceremonies.start(world, Ceremonies.minimal(3, 5), "Ada::speaker", "Bo::speaker", "Cy::speaker");
        String id = started.path("gathering_id").asText();
        String adaPane = started.path("members").get(0).path("pane").asText();
        await().atMost(Duration.ofSeconds(30)).until(() -> "Ada".equals(holder(id)));

        tmux("kill-pane", "-t", adaPane);
        await().atMost(Duration.ofSeconds(15)).until(() -> "Bo".equals(holder(id)));
        JsonNode left = world.entries(id, "left").get(0);
        assertEquals("Ada", left.path("from").asText());
        long leftAt = world.journal(id).indexOf(left);
        // nothing is typed into the dead pane after it left
        await().atMost(Duration.ofSeconds(10))
                .until(() -> world.entries(id, "relay").size() >= 1);
        for (int i = (int) leftAt; i < world.journal(id).size(); i++) {
            JsonNode e = world.journal(id).get(i);
            if (e.path("kind").asText().equals("delivery")
                    && e.path("to").asText().equals("Ada")) {
                assertEquals("failed", e.path("state").asText(), e.toString());
            }
            assertFalse(e.path("panes").has("Ada"), "no message is addressed to Ada's pane after she left: " + e);
        }
    }

    private String holder(String id) throws Exception {
        JsonNode s = world.call(null, "gathering_status", World.args().put("gathering", id));
        return s.path("holder").asText(null);
    }

    private boolean alive(Pane p) {
        try {
            return world.tmux.alive(p.id());
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void tmux(String... args) {
        World.tmux(world.socket, args);
    }
}
