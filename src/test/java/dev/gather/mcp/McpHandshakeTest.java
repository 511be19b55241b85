package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.gather.testing.Beside;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Requests before the handshake are answered (the SDK alone would hold them for ever). */
@Beside
class McpHandshakeTest {
    private static final Duration WITHIN = Duration.ofSeconds(60);

    @TempDir
    Path home;

    @Test
    void aToolCallBeforeInitializeIsRefusedAndPingAnswersThenTheHandshakeWorks() throws Exception {
        try (RawMcp mcp = new RawMcp(home)) {
            mcp.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                    + "\"arguments\":{}}}");
            JsonNode refused = mcp.answerTo(IntNode.valueOf(1), WITHIN);
            assertNotNull(refused, "a tool call before initialize is answered");
            assertEquals(-32002, refused.path("error").path("code").asInt(), refused.toString());
            assertTrue(refused.path("error").path("message").asText().contains("send initialize"), refused.toString());

            mcp.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            JsonNode pong = mcp.answerTo(IntNode.valueOf(2), WITHIN);
            assertNotNull(pong, "ping is answered before the handshake");
            assertTrue(pong.has("result"), pong.toString());

            mcp.initialize();
            mcp.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                    + "\"arguments\":{}}}");
            JsonNode call = mcp.answerTo(IntNode.valueOf(3), WITHIN);
            assertNotNull(call, "the same call after the handshake reaches the tool");
            assertTrue(call.path("result").path("isError").asBoolean(), call.toString());
            assertTrue(
                    call.path("result")
                            .path("content")
                            .get(0)
                            .path("text")
                            .asText()
                            .startsWith("send_message: 'to' is required"),
                    call.toString());
            assertEquals(List.of(), mcp.notProtocol());
            assertFalse(mcp.stderr().contains("\tat "), mcp.stderr());
        }
    }

    @Test
    void whenNobodyReadsItsAnswersItEndsInsteadOfLingering() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(RawMcp.command("mcp"));
        String tmux = "gather-raw-" + UUID.randomUUID();
        pb.environment().put("GATHER_HOME", home.resolve("state").toString());
        // the bridge starts a daemon as it connects: on a private tmux server, stopped below
        pb.environment().put("GATHER_TMUX_SOCKET", tmux);
        pb.environment().remove("TMUX_PANE");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        p.getInputStream().close(); // the client is gone but its end of stdin is still open
        try {
            for (int i = 0; i < 50 && p.isAlive(); i++) {
                p.getOutputStream().write("not json\n".getBytes(StandardCharsets.UTF_8));
                p.getOutputStream().flush();
            }
        } catch (IOException gone) {
            // it ended while we wrote
        }
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "gather mcp ended");
        } finally {
            p.destroyForcibly();
            RawMcp.stopDaemon(home.resolve("state"), tmux, true);
        }
    }
}
