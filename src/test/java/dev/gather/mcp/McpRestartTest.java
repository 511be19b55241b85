package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.testing.Beside;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent's {@code gather mcp} outlives the daemon behind it: killed (a crash) or stopped (an
 * upgrade), the next call starts a new daemon and the session goes on, handshake and all, without
 * the harness having to restart its MCP server.
 */
@Beside
class McpRestartTest {
    @TempDir
    Path home;

    @Test
    void theSessionGoesOnOnANewDaemonAfterTheOldOneIsKilled() throws Exception {
        try (RawMcp mcp = new RawMcp(home)) {
            mcp.initialize();
            assertTools(mcp, 1);
            long first = daemonPid();
            ProcessHandle daemon = ProcessHandle.of(first).orElseThrow();
            daemon.destroyForcibly();
            daemon.onExit().get(30, TimeUnit.SECONDS);

            assertTools(mcp, 2);
            assertNotEquals(first, daemonPid(), "a new daemon serves the session");
            assertTools(mcp, 3);
            assertTrue(mcp.alive(), mcp.stderr());
            assertEquals(List.of(), mcp.notProtocol(), "nothing but JSON-RPC on stdout");
        }
    }

    private static void assertTools(RawMcp mcp, int id) throws Exception {
        mcp.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}");
        JsonNode answer = mcp.answerTo(IntNode.valueOf(id), Duration.ofSeconds(90));
        assertNotNull(answer, () -> "no answer to tools/list " + id + "; stderr: " + stderr(mcp));
        assertTrue(answer.path("result").path("tools").size() > 5, answer.toString());
    }

    private long daemonPid() throws Exception {
        DaemonClient client = new DaemonClient(new StateDir(home.resolve("state")), Optional.empty());
        JsonNode status = client.call(client.request("status"));
        long pid = status.path("daemon").path("pid").asLong();
        assertTrue(pid > 0, status.toString());
        return pid;
    }

    private static String stderr(RawMcp mcp) {
        try {
            return mcp.stderr();
        } catch (IOException e) {
            return e.toString();
        }
    }
}
