package dev.gather.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.gather.mcp.RawMcp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Hostile JSON-RPC lines into a real {@code gather mcp}: after each, a ping must be answered within
 * the bound, and a request the line carried (a valid id) must be answered too.
 */
final class McpFuzz {
    private static final Duration BOUND = Duration.ofSeconds(20);
    private static final List<String> BASES = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                    + "\"arguments\":{\"to\":\"%99999\",\"message\":\"hi\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"start_gathering\","
                    + "\"arguments\":{\"rhythm\":\"fuzz-none\",\"participants\":[{\"name\":\"Ada\"}],"
                    + "\"beats_per_turn\":2}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"end_gathering\","
                    + "\"arguments\":{\"gathering\":\"g-none\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"list_rhythms\","
                    + "\"arguments\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"gathering_status\","
                    + "\"arguments\":{\"gathering\":\"g-none\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"pass_piece\","
                    + "\"arguments\":{\"to\":\"Bo\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"name\":\"join\","
                    + "\"arguments\":{\"gathering\":\"g-none\",\"name\":\"Pat\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"hear\","
                    + "\"arguments\":{\"after\":2}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":4}}");

    private McpFuzz() {}

    static Tally run(RawMcp mcp, Mutator m, int cases) throws Exception {
        Tally t = new Tally();
        int silent = 0;
        for (int i = 0; i < cases; i++) {
            byte[] line = line(m, i);
            t.cases++;
            String shown = Tally.shown(new String(line, StandardCharsets.UTF_8));
            JsonNode expected = expectedId(line);
            mcp.write(line).write(new byte[] {'\n'});
            TextNode ping = TextNode.valueOf("fuzz-ping-" + i);
            mcp.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + ping.asText() + "\",\"method\":\"ping\"}");
            boolean pinged = false;
            boolean answered = expected == null;
            long deadline = System.nanoTime() + BOUND.toNanos();
            while ((!pinged || !answered) && System.nanoTime() < deadline) {
                JsonNode a = mcp.next(Duration.ofMillis(200));
                if (a == null) {
                    continue;
                }
                if (Tally.leaks(a.toString())) {
                    t.traces.add("mcp answer to " + shown + ": " + Tally.shown(a.toString()));
                }
                pinged |= a.path("id").equals(ping);
                // a line the gate could not take whole is answered under id null
                answered |= a.path("id").equals(expected) || a.path("id").isNull();
            }
            if (!pinged || !answered) {
                t.hangs.add("mcp: " + shown + (pinged ? " (its request was never answered)" : " (ping unanswered)"));
                if (!mcp.alive()) {
                    t.deaths.add("mcp died after " + shown);
                    return t;
                }
                if (!pinged && ++silent >= 3) {
                    t.hangs.add("mcp: no longer answers anything; the remaining " + (cases - i - 1) + " cases not run");
                    return t;
                }
            }
        }
        if (!mcp.notProtocol().isEmpty()) {
            t.traces.add("mcp stdout carried non-protocol lines: "
                    + Tally.shown(mcp.notProtocol().toString()));
        }
        if (Tally.leaks(mcp.stderr())) {
            t.traces.add("mcp stderr: " + Tally.shown(mcp.stderr()));
        }
        return t;
    }

    private static byte[] line(Mutator m, int i) {
        ObjectNode tree = (ObjectNode) read(m.oneOf(BASES));
        if (tree.has("id")) {
            tree.put("id", 100_000 + i); // unique, so a late answer cannot stand in for another case's
        }
        String base = Mutator.write(tree);
        return switch (i % 5) {
            case 0 -> Mutator.write(m.mutate(tree)).getBytes(StandardCharsets.UTF_8);
            case 1 -> m.garble(base);
            case 2 -> m.extreme(
                            "{\"jsonrpc\":\"2.0\",\"id\":" + (1000 + i) + ",\"method\":\"ping\",\"params\":{\"x\":",
                            "}}")
                    .getBytes(StandardCharsets.UTF_8);
            case 3 -> Mutator.write(m.value(3)).getBytes(StandardCharsets.UTF_8);
            default -> Mutator.write(m.mutate((ObjectNode) m.mutate(tree))).getBytes(StandardCharsets.UTF_8);
        };
    }

    /** The id the line's request should be answered under, when it is a well-formed request. */
    private static JsonNode expectedId(byte[] line) {
        try {
            JsonNode n = Mutator.JSON.readTree(line);
            if (n != null
                    && n.isObject()
                    && n.path("method").isTextual()
                    && (n.path("id").isTextual()
                            || n.path("id").isIntegralNumber() && n.path("id").canConvertToLong())
                    && new String(line, StandardCharsets.UTF_8).indexOf('\r') < 0) {
                return n.get("id");
            }
        } catch (IOException | RuntimeException e) {
            // not a request: the ping alone tells whether the server went on
        }
        return null;
    }

    private static JsonNode read(String s) {
        try {
            return Mutator.JSON.readTree(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
