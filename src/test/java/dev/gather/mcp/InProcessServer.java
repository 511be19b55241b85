package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.time.Duration;
import java.util.Map;

/** The gather MCP server on in-process pipes, talked to by the SDK's own sync client. */
final class InProcessServer implements AutoCloseable {
    final FakeDaemon daemon;
    final McpSyncClient client;
    private final McpSyncServer server;

    InProcessServer(FakeDaemon daemon) throws IOException {
        this.daemon = daemon;
        Pipe toServer = Pipe.open();
        Pipe toClient = Pipe.open();
        server = GatherServer.start(
                Channels.newInputStream(toServer.source()), Channels.newOutputStream(toClient.sink()), daemon);
        client = McpClient.sync(new PipeClientTransport(
                        new JacksonMcpJsonMapper(new ObjectMapper()),
                        Channels.newInputStream(toClient.source()),
                        Channels.newOutputStream(toServer.sink())))
                .requestTimeout(Duration.ofSeconds(20))
                .initializationTimeout(Duration.ofSeconds(20))
                .build();
        client.initialize();
    }

    McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    }

    static String text(McpSchema.CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Override
    public void close() {
        client.closeGracefully();
        server.closeGracefully();
    }
}
