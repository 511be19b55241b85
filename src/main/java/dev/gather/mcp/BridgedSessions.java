package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.server.Takeover;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The daemon's side of {@code gather mcp}: one MCP server per bridged connection, on the connection's
 * bytes, behind the same {@link RpcGate} as a server on stdio. Each tool call is answered as the
 * bridge process's own request would be (its pane from its pid, {@code $TMUX_PANE} and {@code
 * $GATHER_PANE} as it claimed them), so identity is what it was when every agent ran its own server.
 */
public final class BridgedSessions implements Takeover {
    /** The op a bridge opens its connection with. */
    public static final String OP = "mcp";

    @Override
    public void serve(ObjectNode request, UnaryOperator<String> asCaller, InputStream in, OutputStream out)
            throws InterruptedException {
        DaemonClient client = DaemonClient.inDaemon(
                asCaller, pane(request.path("caller").path("pane")), pane(request.path("on_behalf_of")));
        EndAwareInput input = new EndAwareInput(in);
        McpSyncServer server = GatherServer.start(input, out, new SocketDaemonCalls(client));
        try {
            input.awaitEnd();
        } finally {
            server.closeGracefully();
        }
    }

    private static Optional<String> pane(JsonNode v) {
        return v.isTextual() && !v.asText().isBlank() ? Optional.of(v.asText()) : Optional.empty();
    }
}
