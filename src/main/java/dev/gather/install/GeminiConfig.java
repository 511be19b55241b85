package dev.gather.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.Homes;
import java.util.List;
import java.util.Map;

/** Gemini CLI: an {@code AfterAgent} hook and the MCP server, both in its {@code settings.json}. */
final class GeminiConfig {
    private GeminiConfig() {}

    /** The {@code AfterAgent} hook group that runs {@code launcher hook gemini}. */
    static ObjectNode hookGroup(String launcher) {
        ObjectNode group = JsonConfig.MAPPER.createObjectNode().put("matcher", "*");
        group.putArray("hooks")
                .addObject()
                .put("name", "gather")
                .put("type", "command")
                .put("command", launcher + " hook gemini");
        return group;
    }

    /** The MCP server {@code launcher mcp}. */
    static ObjectNode server(String launcher) {
        ObjectNode server = JsonConfig.MAPPER.createObjectNode().put("command", launcher);
        server.putArray("args").add("mcp");
        return server;
    }

    static JsonHarness of(Homes homes, String launcher) {
        ObjectNode group = hookGroup(launcher);
        ObjectNode server = server(launcher);
        return new JsonHarness(
                "gemini",
                Map.of(
                        homes.geminiSettings(),
                        List.of(
                                JsonEntry.element(group, "hooks", "AfterAgent"),
                                JsonEntry.member("gather", server, "mcpServers"))));
    }
}
