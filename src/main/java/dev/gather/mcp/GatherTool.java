package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** One MCP tool: how its arguments become a daemon request and how the daemon's answer reads. */
interface GatherTool {

    /** The tool's name, as in tools.json. */
    String name();

    /** The daemon op it calls. */
    String op();

    /** The daemon arguments for this call; throws {@link BadArgument} on an argument it cannot use. */
    ObjectNode request(Args args);

    /** Called with a successful result before it is shown: a tool that keeps session state takes it here. */
    default void answered(ObjectNode result) {}

    /** A readable summary of the daemon's result, for clients that show only text. */
    String text(ObjectNode result);
}
