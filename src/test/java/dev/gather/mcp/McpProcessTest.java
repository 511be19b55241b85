package dev.gather.mcp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.testing.Beside;
import dev.gather.tmux.PrivateServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gather mcp} as a real process, driven by the SDK's own stdio client, against a real daemon
 * on a private tmux server.
 */
@Beside
class McpProcessTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final PrivateServer server = new PrivateServer();
    private final String socket = server.socket();

    @TempDir
    Path home;

    private String target;
    private String callerPane;

    @BeforeEach
    void startTmux() throws Exception {
        target = run(
                        "tmux",
                        "-L",
                        socket,
                        "new-session",
                        "-d",
                        "-P",
                        "-F",
                        "#{pane_id}",
                        "-s",
                        "target",
                        "-x",
                        "120",
                        "-y",
                        "30",
                        "cat")
                .strip();
        assertTrue(target.startsWith("%"), target);
    }

    @AfterEach
    void stopEverything() throws Exception {
        // the agents first: a turn end after the stop would bring the daemon back
        try {
            server.kill();
        } finally {
            ProcessBuilder stop = new ProcessBuilder(gather("daemon", "--stop")).redirectErrorStream(true);
            environment(stop);
            Process p = stop.start();
            p.getInputStream().readAllBytes();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private McpSyncClient client() {
        return McpClient.sync(new Transport(ServerParameters.builder(gather().get(0))
                        .args(gather("mcp").subList(1, gather("mcp").size()))
                        .build()))
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60))
                .build();
    }

    @Test
    void linksTheCallersPaneDirectlyAndClosesTheLink() throws Exception {
        callerPane = run("tmux", "-L", socket, "new-session", "-d", "-P", "-F", "#{pane_id}", "-s", "caller", "cat")
                .strip();
        McpSyncClient client = client();
        try {
            client.initialize();
            McpSchema.CallToolResult linked =
                    call(client, "send_message", Map.of("to", target, "message", "shall we pair?", "direct", true));
            assertFalse(linked.isError(), () -> InProcessServer.text(linked));
            JsonNode link = JSON.valueToTree(linked.structuredContent()).path("link");
            String id = link.path("id").asText();
            assertFalse(id.isBlank(), link.toString());
            assertEquals(2, link.path("members").size(), link.toString());
            assertTrue(InProcessServer.text(linked).startsWith("Linked in " + id), InProcessServer.text(linked));
            await().atMost(Duration.ofSeconds(20)).until(() -> capture().contains("shall we pair?"));

            McpSchema.CallToolResult closed = call(client, "send_message", Map.of("close_link", true));
            assertFalse(closed.isError(), () -> InProcessServer.text(closed));
            assertEquals(
                    id,
                    JSON.valueToTree(closed.structuredContent()).path("closed").asText());

            McpSchema.CallToolResult again = call(client, "send_message", Map.of("close_link", true));
            assertTrue(again.isError(), "no link is left to close");
            assertTrue(InProcessServer.text(again).startsWith("send_message: "), InProcessServer.text(again));
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void startsAGatheringOfSimulatedAgentsSeesItAndEndsIt() throws Exception {
        McpSyncClient client = client();
        try {
            client.initialize();
            McpSchema.CallToolResult started = call(
                    client,
                    "start_gathering",
                    Map.of(
                            "rhythm",
                            "minimal",
                            "participants",
                            List.of(
                                    Map.of("name", "Ada", "agent", "sim"),
                                    Map.of("name", "Bo", "agent", "sim"),
                                    Map.of("name", "Hal", "role", "harvester", "agent", "sim")),
                            "beat_interval_seconds",
                            30));
            assertFalse(started.isError(), () -> InProcessServer.text(started));
            JsonNode result = JSON.valueToTree(started.structuredContent());
            String id = result.path("gathering_id").asText();
            assertTrue(id.startsWith("g-"), result.toString());
            assertEquals(3, result.path("members").size(), result.toString());
            assertTrue(result.path("members").get(0).path("pane").asText().startsWith("%"), result.toString());

            McpSchema.CallToolResult status = call(client, "gathering_status", Map.of("gathering", id));
            assertFalse(status.isError(), () -> InProcessServer.text(status));
            assertEquals(
                    "minimal",
                    JSON.valueToTree(status.structuredContent()).path("rhythm").asText());

            McpSchema.CallToolResult members = call(client, "list_members", Map.of("gathering", id));
            assertFalse(members.isError(), () -> InProcessServer.text(members));

            McpSchema.CallToolResult ended = call(client, "end_gathering", Map.of("gathering", id, "now", true));
            assertFalse(ended.isError(), () -> InProcessServer.text(ended));
            assertEquals(
                    "closed",
                    JSON.valueToTree(ended.structuredContent()).path("state").asText());

            McpSchema.CallToolResult unknown = call(client, "start_gathering", Map.of("rhythm", "nope"));
            assertTrue(unknown.isError());
            String said = InProcessServer.text(unknown);
            assertTrue(said.contains("unknown rhythm 'nope'; known: ") && said.contains(" daily, "), said);
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void listsToolsAndDeliversAOneShotIntoAPane() {
        McpSyncClient client = client();
        try {
            client.initialize();
            assertEquals(
                    ToolsListTest.TOOLS,
                    client.listTools().tools().stream()
                            .map(McpSchema.Tool::name)
                            .toList());

            McpSchema.CallToolResult sent =
                    call(client, "send_message", Map.of("to", target, "message", "hello over mcp"));
            assertFalse(sent.isError(), () -> InProcessServer.text(sent));
            JsonNode structured = JSON.valueToTree(sent.structuredContent());
            // the op answers within a second: a loaded machine's first typing into a pane can take longer
            assertTrue(
                    List.of("delivered", "queued")
                            .contains(structured
                                    .path("delivered")
                                    .get(0)
                                    .path("state")
                                    .asText()),
                    structured.toString());
            await().atMost(Duration.ofSeconds(20)).until(() -> capture().contains("hello over mcp"));

            McpSchema.CallToolResult nobody = call(client, "send_message", Map.of("to", "%99999", "message", "x"));
            assertTrue(nobody.isError());
            assertTrue(InProcessServer.text(nobody).startsWith("send_message: "), InProcessServer.text(nobody));
            assertTrue(InProcessServer.text(nobody).contains("%99999"), InProcessServer.text(nobody));
        } finally {
            client.closeGracefully();
        }
    }

    /** Raw JSON-RPC in, every stdout line must be a JSON-RPC message: logs and banners go to stderr. */
    @Test
    void stdoutCarriesNothingButProtocol() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(gather("mcp"));
        environment(pb);
        Path err = home.resolve("mcp.err");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        String in =
                """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}
                {"jsonrpc":"2.0","method":"notifications/initialized"}
                {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}
                {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"send_message","arguments":{}}}
                """;
        p.getOutputStream().write(in.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().flush();
        List<JsonNode> lines = new ArrayList<>();
        var reader = p.inputReader(StandardCharsets.UTF_8);
        while (lines.size() < 3) {
            String line = reader.readLine();
            if (line == null) {
                break;
            }
            lines.add(JSON.readTree(line));
        }
        p.getOutputStream().close();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "gather mcp exits when its stdin ends");
        String rest = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals("", rest, "nothing after the answers");
        assertEquals(3, lines.size(), Files.readString(err));
        for (JsonNode l : lines) {
            assertEquals("2.0", l.path("jsonrpc").asText(), l.toString());
        }
        assertEquals(12, lines.get(1).path("result").path("tools").size());
        JsonNode call = lines.get(2).path("result");
        assertTrue(call.path("isError").asBoolean(), call.toString());
        assertTrue(call.path("content").get(0).path("text").asText().startsWith("send_message: 'to' is required"));
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    }

    /** gather from this build: the test JVM's class path, so no packaged jar is needed. */
    private static List<String> gather(String... args) {
        return RawMcp.command(args);
    }

    private void environment(ProcessBuilder pb) {
        pb.environment().put("GATHER_HOME", home.resolve("state").toString());
        pb.environment().put("GATHER_TMUX_SOCKET", socket);
        // the test may itself run inside tmux: the caller is a pane of the private server or a human
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("TMUX");
        pb.environment().remove("GATHER_PANE");
        if (callerPane != null) {
            // this test process runs outside the private server's panes: it acts for the caller explicitly
            pb.environment().put("GATHER_PANE", callerPane);
        }
    }

    private String capture() throws IOException, InterruptedException {
        return run("tmux", "-L", socket, "capture-pane", "-p", "-t", target);
    }

    private static String run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out);
        }
        return out;
    }

    /** The SDK's stdio client transport with this test's environment. */
    private final class Transport extends StdioClientTransport {
        Transport(ServerParameters params) {
            super(params, new JacksonMcpJsonMapper(new ObjectMapper()));
        }

        @Override
        protected ProcessBuilder getProcessBuilder() {
            ProcessBuilder pb = super.getProcessBuilder();
            environment(pb);
            return pb;
        }
    }
}
