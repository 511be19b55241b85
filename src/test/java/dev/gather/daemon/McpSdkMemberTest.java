package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.harness.NpmCache;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An MCP client with no pane, written by others (the official TypeScript SDK, from npm, pinned and
 * cached): through {@code gather mcp} it joins a gathering of sims, hears every relayed turn, speaks
 * when it holds the piece, and its words reach the panes.
 */
@Beside
class McpSdkMemberTest {
    @RegisterExtension
    final Worlds worlds = Worlds.withSimAgents();

    World world;

    @Test
    void theTypeScriptSdkJoinsHearsEveryTurnAndSpeaksWithThePiece() throws Exception {
        Path sdk = NpmCache.install("mcp-sdk", "/mcp-sdk/package.json");
        // beside node_modules, so that node resolves the SDK from there
        Path script = sdk.resolve("pull-member.mjs");
        try (var in = getClass().getResourceAsStream("/mcp-sdk/pull-member.mjs")) {
            Files.write(script, in.readAllBytes());
        }
        // the speakers run in the test's own panes: gather does not end them when the gathering closes
        String speaker = "(now with {name} |\\[Beat|Your turn is up)";
        Pane ada = world.startSim("Ada", "--pass-after", "1", "--reply-when", speaker.replace("{name}", "Ada"));
        Pane bo = world.startSim("Bo", "--pass-after", "1", "--reply-when", speaker.replace("{name}", "Bo"));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.screen(ada).contains("Ada is ready.")
                        && world.screen(bo).contains("Bo is ready."));
        ProcessBuilder pb = new ProcessBuilder(
                        "node",
                        script.toString(),
                        ProcessHandle.current().info().command().orElse("java"),
                        System.getProperty("java.class.path"),
                        ada.id(),
                        bo.id())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("GATHER_HOME", world.state.root().toString());
        pb.environment().put("GATHER_TMUX_SOCKET", world.socket);
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("TMUX");
        pb.environment().remove("GATHER_PANE");
        Process node = pb.start();
        List<JsonNode> lines = new ArrayList<>();
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lines.add(World.JSON.readTree(line));
            }
        } finally {
            if (!node.waitFor(60, TimeUnit.SECONDS)) {
                node.destroyForcibly();
            }
        }
        assertEquals(0, node.exitValue(), lines::toString);
        JsonNode started = lines.get(0).path("started");
        String id = started.path("gathering_id").asText();
        assertTrue(lines.get(lines.size() - 1).path("done").asBoolean(), lines::toString);
        assertTrue(lines.stream().anyMatch(l -> l.path("refused").asBoolean()), "say without the piece was refused");
        JsonNode who = lines.stream()
                .filter(l -> l.has("who"))
                .findFirst()
                .orElseThrow()
                .path("who");
        assertEquals("Pat", who.path("you").asText());
        assertTrue(who.path("members").toString().contains("\"name\":\"Pat\",\"number\":4"), who::toString);

        // it heard every turn relayed to it, once, in journal order, and the seed as private
        List<Long> heard = new ArrayList<>();
        boolean seed = false;
        for (JsonNode l : lines) {
            JsonNode e = l.path("heard");
            if (e.path("kind").asText().equals("relay")) {
                heard.add(e.path("ref").asLong());
            }
            seed |= e.path("prompt").asText().equals("seed")
                    && e.path("private").asBoolean();
        }
        assertTrue(seed, "the seed came as a private entry");
        List<Long> relayedToPat = new ArrayList<>();
        int patSpoke = 0;
        List<JsonNode> journal = world.journal(id);
        for (int i = 0; i < journal.size(); i++) {
            JsonNode e = journal.get(i);
            if (!e.path("kind").asText().equals("relay")) {
                continue;
            }
            if (e.path("from").asText().equals("Pat")) {
                patSpoke++;
            }
            for (JsonNode t : e.path("to")) {
                if (t.asText().equals("Pat")) {
                    relayedToPat.add(i + 1L);
                }
            }
        }
        assertTrue(relayedToPat.size() >= 2, journal::toString);
        assertEquals(relayedToPat, heard);
        long said = lines.stream().filter(l -> l.has("said")).count();
        assertTrue(said >= 1, lines::toString);
        assertEquals(said, patSpoke, "each say relayed once");

        // its words reached the panes, attributed
        await().atMost(Duration.ofSeconds(30))
                .until(() -> world.screen(ada).contains("[Pat] (4):")
                        && world.screen(bo).contains("Pat from the TypeScript SDK, turn 1"));
    }
}
