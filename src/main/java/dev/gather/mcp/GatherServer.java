package dev.gather.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/** The gather MCP server: the agent-facing tools over stdio, each a thin call to the daemon. */
public final class GatherServer {
    /** The tools of one server; those of a member without a pane share its session. */
    static List<GatherTool> tools() {
        PullSession pull = new PullSession();
        return List.of(
                new StartGathering(pull),
                new SendMessage(),
                new ListRhythms(),
                new GatheringStatus(),
                new EndGathering(pull),
                new ListMembers(),
                new PassPiece(pull),
                new Join(pull),
                new Hear(pull),
                new Say(pull),
                new Who(pull),
                new Leave(pull));
    }

    private static final String INSTRUCTIONS = "gather lets agents in tmux panes talk to each other. send_message"
            + " reaches another pane once, or links the two panes (direct=true) so each side's answers are typed"
            + " into the other's terminal. start_gathering runs a facilitated circle of new agents from a rhythm"
            + " (see list_rhythms). A client without a pane joins a gathering or link with join, then hear, say and"
            + " who.";

    private GatherServer() {}

    /**
     * Starts serving MCP on {@code in}/{@code out} (JSON-RPC lines); the server ends when {@code in}
     * ends. Every line gets an answer: malformed ones from {@link RpcGate}, the rest from the SDK.
     * Nothing else may write to {@code out}.
     */
    public static McpSyncServer start(InputStream in, OutputStream out, DaemonCalls daemon) {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        Map<String, McpSchema.Tool> catalog = ToolCatalog.load();
        List<SyncToolSpecification> specs = tools().stream()
                .map(t -> {
                    McpSchema.Tool definition = catalog.get(t.name());
                    if (definition == null) {
                        throw new IllegalStateException("tools.json has no entry for " + t.name());
                    }
                    ToolHandler handler = new ToolHandler(t, ToolCatalog.arguments(definition), daemon);
                    return SyncToolSpecification.builder()
                            .tool(definition)
                            .callHandler((exchange, request) -> handler.call(request))
                            .build();
                })
                .toList();
        String version = GatherServer.class.getPackage().getImplementationVersion();
        // the gate answers malformed lines itself; what passes is at most ~3x a 4 MiB line once escaped
        StdioServerTransportProvider stdio =
                new StdioServerTransportProvider(mapper, new RpcGate(in, out), out, 4 * RpcGate.MAX_LINE);
        return McpServer.sync(stdio)
                .serverInfo("gather", version == null ? "dev" : version)
                .instructions(INSTRUCTIONS)
                .jsonMapper(mapper)
                // Our own argument checks say what to fix in words an agent can act on.
                .validateToolInputs(false)
                // Tool calls run one at a time on the reading thread, so answers are sent one at a time:
                // the SDK's stdio transport loses a session when two calls finish at once ("Failed to
                // enqueue message"), which a daemon answering in microseconds made frequent.
                .immediateExecution(true)
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(specs)
                .build();
    }
}
