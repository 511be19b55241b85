package dev.gather.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.Homes;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Claude Code: the Stop hook in {@code settings.json} ({@code hooks.Stop}) of its config directory and the
 * MCP server in {@code .claude.json} ({@code mcpServers}, user scope, what {@code claude mcp add -s user}
 * writes); both found through {@link Homes}, so {@code CLAUDE_CONFIG_DIR} is honoured.
 */
final class ClaudeConfig {
    private ClaudeConfig() {}

    static JsonHarness of(Homes homes, String launcher) {
        ObjectNode group = JsonConfig.MAPPER.createObjectNode();
        group.putArray("hooks").addObject().put("type", "command").put("command", launcher + " hook claude");
        ObjectNode server =
                JsonConfig.MAPPER.createObjectNode().put("type", "stdio").put("command", launcher);
        server.putArray("args").add("mcp");
        server.putObject("env");
        Map<Path, List<JsonEntry>> files = new LinkedHashMap<>();
        files.put(homes.claudeSettings(), List.of(JsonEntry.element(group, "hooks", "Stop")));
        files.put(homes.claudeJson(), List.of(JsonEntry.member("gather", server, "mcpServers")));
        return new JsonHarness("claude", files);
    }
}
