package dev.gather.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one tool call: check the arguments, call the daemon, answer with structured content and a
 * readable text. Every failure becomes a tool error (isError) the agent can fix its call from; none
 * escapes as a protocol error.
 */
final class ToolHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ToolHandler.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final GatherTool tool;
    private final Set<String> arguments;
    private final DaemonCalls daemon;

    /** Calls for {@code tool}, which takes the {@code arguments} its schema in tools.json names and no other. */
    ToolHandler(GatherTool tool, Set<String> arguments, DaemonCalls daemon) {
        this.tool = tool;
        this.arguments = Set.copyOf(arguments);
        this.daemon = daemon;
    }

    CallToolResult call(CallToolRequest request) {
        try {
            // a misspelled argument would otherwise be ignored silently
            ObjectNode args = tool.request(new Args(tool.name(), request.arguments()).only(arguments));
            callerThread(request).ifPresent(t -> args.putObject("caller").put("thread", t));
            ObjectNode result = daemon.call(tool.op(), args);
            tool.answered(result);
            return CallToolResult.builder()
                    .addTextContent(tool.text(result))
                    .structuredContent(JSON.convertValue(result, new TypeReference<Map<String, Object>>() {}))
                    .isError(false)
                    .build();
        } catch (BadArgument e) {
            return error(e.getMessage());
        } catch (DaemonCalls.CallFailed e) {
            return error(explain(e));
        } catch (RuntimeException e) {
            LOG.warn("{} failed", tool.name(), e);
            return error(tool.name() + ": gather mcp failed unexpectedly ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); see its stderr");
        }
    }

    /**
     * The harness thread the call came from, when its client names one: Codex runs every TUI's MCP
     * servers in one background server with the first pane's TMUX_PANE, but its tools/call carries
     * {@code _meta.threadId}, which the daemon maps to the pane it learned for that thread.
     */
    private static Optional<String> callerThread(CallToolRequest request) {
        Object thread = request.meta() == null ? null : request.meta().get("threadId");
        return thread instanceof String t && !t.isBlank() ? Optional.of(t) : Optional.empty();
    }

    /** The daemon's own line, named after the tool the agent called rather than the daemon op. */
    private String explain(DaemonCalls.CallFailed e) {
        String message = e.getMessage() == null ? "the daemon refused the call" : e.getMessage();
        if (!e.refused()) {
            return tool.name() + ": " + message;
        }
        if (message.startsWith("unknown op '" + tool.op() + "'")) {
            return tool.name() + ": the running gather daemon does not offer '" + tool.op()
                    + "' (it is older than this gather mcp); run `gather daemon --stop` in a terminal so the next"
                    + " call starts a current daemon";
        }
        if (message.startsWith(tool.op() + ":")) {
            return tool.name() + message.substring(tool.op().length());
        }
        return message.startsWith(tool.name() + ":") ? message : tool.name() + ": " + message;
    }

    private static CallToolResult error(String message) {
        return CallToolResult.builder().addTextContent(message).isError(true).build();
    }
}
