package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.Beside;
import dev.gather.tmux.Pane;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The thin bridges on real tmux: {@code CliBridge} and {@code McpBridge} run on gather's own classes
 * alone (no picocli, Jackson or MCP SDK on their class path, so nothing can have run in the bridge
 * itself), the daemon runs the command or hosts the MCP session, and it acts for the bridge's process
 * as it would for that process's own requests.
 */
@Beside
class BridgesTest extends BridgeCase {
    private static final String SILENT = "never-matches-anything";

    @Test
    void aClientCommandRunsInTheDaemonForTheProcessThatTypedIt() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);

        Run status = bridge(Map.of(), "dev.gather.bridge.CliBridge", "status");
        assertEquals(0, status.exit(), status.err());
        // the daemon is this test's JVM: the answer was made there, not in the bridge
        assertTrue(
                status.out().startsWith("daemon pid " + ProcessHandle.current().pid() + ","), status.out());

        Run refused =
                bridge(Map.of("TMUX_PANE", ada.id()), "dev.gather.bridge.CliBridge", "send", "--to", bo.id(), "x");
        assertNotEquals(0, refused.exit(), refused.out());
        assertTrue(refused.err().contains("runs outside every pane of this tmux server"), refused.err());
        assertEquals("", refused.out());

        Run sent = bridge(
                Map.of(),
                "dev.gather.bridge.CliBridge",
                "send",
                "--pane",
                ada.id(),
                "--to",
                bo.id(),
                "over the bridge");
        assertEquals(0, sent.exit(), sent.err());
        assertTrue(sent.out().startsWith("Bo: "), sent.out());
        await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("over the bridge"));
        List<JsonNode> oneshots = world.entries("oneshot", "oneshot");
        assertEquals(1, oneshots.size(), oneshots.toString());
        // identity is the bridge's own process, found by the daemon from the connection
        assertTrue(oneshots.get(0).path("by").asText().startsWith("process " + sent.pid() + ","), oneshots.toString());

        Run wrong = bridge(Map.of(), "dev.gather.bridge.CliBridge", "links", "--bogus");
        assertEquals(2, wrong.exit(), wrong.err());
        assertTrue(wrong.err().contains("Unknown option: '--bogus'"), wrong.err());
    }

    @Test
    void mcpSessionsAreHostedByTheDaemonBehindTheGate() throws Exception {
        Pane ada = world.sim("Ada", "--reply-when", SILENT);
        Pane bo = world.sim("Bo", "--reply-when", SILENT);
        Process p = startBridge(
                List.of("-XX:+UseSerialGC"),
                "dev.gather.bridge.McpBridge",
                List.of(),
                Map.of("GATHER_PANE", ada.id()),
                Files.createTempFile(home, "mcp", ".err"));
        try (OutputStream in = p.getOutputStream();
                var out = p.inputReader(StandardCharsets.UTF_8)) {
            String lines =
                    """
                    not json
                    {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
                    {"jsonrpc":"2.0","method":"notifications/initialized"}
                    {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"send_message","arguments":{"to":"%s","message":"hosted by the daemon"}}}
                    """
                            .formatted(bo.id());
            in.write(lines.getBytes(StandardCharsets.UTF_8));
            in.flush();
            List<JsonNode> answers = new ArrayList<>();
            while (answers.size() < 3) {
                String line = out.readLine();
                assertTrue(line != null, "answers so far: " + answers);
                answers.add(World.JSON.readTree(line));
            }
            assertEquals(-32700, answers.get(0).path("error").path("code").asInt(), answers.toString());
            assertEquals(
                    "gather",
                    answers.get(1)
                            .path("result")
                            .path("serverInfo")
                            .path("name")
                            .asText());
            JsonNode call = answers.get(2).path("result");
            assertFalse(call.path("isError").asBoolean(), call.toString());
            await().atMost(Duration.ofSeconds(30)).until(() -> world.screen(bo).contains("hosted by the daemon"));
            JsonNode sent = world.entries("oneshot", "oneshot").get(0);
            assertTrue(sent.path("by").asText().startsWith("process " + p.pid() + ","), sent.toString());
            in.close();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the bridge ends when its client does");
            assertEquals(0, p.exitValue());
            assertEquals(null, out.readLine(), "nothing but answers on stdout");
        } finally {
            p.destroyForcibly();
        }
    }

    record Run(int exit, String out, String err, long pid) {}

    private Run bridge(Map<String, String> env, String main, String... args) throws Exception {
        Path err = Files.createTempFile(home, "bridge", ".err");
        Process p = startBridge(List.of("-XX:+UseSerialGC"), main, List.of(args), env, err);
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        return new Run(p.exitValue(), out, Files.readString(err), p.pid());
    }
}
