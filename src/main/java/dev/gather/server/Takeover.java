package dev.gather.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.UnaryOperator;

/**
 * An op that takes its connection over after the first answer and speaks its own protocol on it: an
 * MCP session that {@code gather mcp} bridges from the agent's stdio to the daemon.
 */
@FunctionalInterface
public interface Takeover {
    /**
     * Serves the connection until {@code in} ends. {@code request} is the first line as sent; {@code
     * asCaller} answers a protocol line as the daemon answers that connection's process (its pane
     * found from its pid), exactly as if the process had sent the line on a connection of its own.
     */
    void serve(ObjectNode request, UnaryOperator<String> asCaller, InputStream in, OutputStream out) throws Exception;
}
