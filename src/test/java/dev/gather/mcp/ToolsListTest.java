package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolsListTest {
    /** Every tool gather serves, in the order tools/list gives them. */
    static final List<String> TOOLS = List.of(
            "start_gathering",
            "send_message",
            "list_rhythms",
            "gathering_status",
            "end_gathering",
            "list_members",
            "pass_piece",
            "join",
            "hear",
            "say",
            "who",
            "leave");

    @Test
    void listsEveryToolWithADescriptionAndAnObjectSchema() throws Exception {
        try (InProcessServer s = new InProcessServer(new FakeDaemon())) {
            List<McpSchema.Tool> tools = s.client.listTools().tools();
            assertEquals(TOOLS, tools.stream().map(McpSchema.Tool::name).toList());
            for (McpSchema.Tool t : tools) {
                assertTrue(t.description().length() > 60, t.name() + " needs a description an agent can act on");
                assertEquals("object", t.inputSchema().get("type"), t.name());
                assertEquals(false, t.inputSchema().get("additionalProperties"), t.name());
                assertEquals("object", t.outputSchema().get("type"), t.name());
            }
            Map<String, McpSchema.Tool> byName = new HashMap<>();
            tools.forEach(t -> byName.put(t.name(), t));
            assertEquals(
                    List.of("rhythm"),
                    byName.get("start_gathering").inputSchema().get("required"));
            assertEquals(
                    List.of("gathering"),
                    byName.get("end_gathering").inputSchema().get("required"));
        }
    }

    /** The schema an agent reads and the checks the server runs must name the same arguments. */
    @Test
    void everySchemaPropertyIsAcceptedAndNothingElseIs() throws Exception {
        try (InProcessServer s = new InProcessServer(new FakeDaemon())) {
            for (McpSchema.Tool t : s.client.listTools().tools()) {
                @SuppressWarnings("unchecked")
                Map<String, Object> props =
                        (Map<String, Object>) t.inputSchema().get("properties");
                for (String p : props.keySet()) {
                    String text = InProcessServer.text(s.call(t.name(), Map.of(p, "x")));
                    assertFalse(text.contains("unknown argument"), t.name() + "." + p + ": " + text);
                }
                McpSchema.CallToolResult r = s.call(t.name(), Map.of("bogus", "x"));
                assertTrue(r.isError(), t.name());
                assertTrue(InProcessServer.text(r).startsWith(t.name() + ": unknown argument 'bogus'"), t.name());
            }
        }
    }
}
