package dev.gather.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.Homes;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Claude Code: the Stop hook in {@code settings.json} ({@code hooks.Stop}) of its config directory, the
 * same command on {@code SessionStart} and {@code UserPromptSubmit} (they carry the session's messaging
 * socket before its first turn ends, and show a message handed through that door was taken), and the
 * MCP server in {@code .claude.json} ({@code mcpServers}, user scope, what {@code claude mcp add -s user}
 * writes); both found through {@link Homes}, so {@code CLAUDE_CONFIG_DIR} is honoured.
 */
final class ClaudeConfig {
    private ClaudeConfig() {}

    /** The hook events gather's hook runs on. */
    static final List<String> EVENTS = List.of("Stop", "SessionStart", "UserPromptSubmit");

    /** One hook group that runs {@code launcher hook claude}, as settings.json and a plugin's hooks.json hold it. */
    static ObjectNode hookGroup(String launcher) {
        ObjectNode group = JsonConfig.MAPPER.createObjectNode();
        group.putArray("hooks").addObject().put("type", "command").put("command", launcher + " hook claude");
        return group;
    }

    /** The stdio MCP server {@code launcher mcp}. */
    static ObjectNode server(String launcher) {
        ObjectNode server =
                JsonConfig.MAPPER.createObjectNode().put("type", "stdio").put("command", launcher);
        server.putArray("args").add("mcp");
        server.putObject("env");
        return server;
    }

    static JsonHarness of(Homes homes, String launcher) {
        ObjectNode group = hookGroup(launcher);
        ObjectNode server = server(launcher);
        Map<Path, List<JsonEntry>> files = new LinkedHashMap<>();
        files.put(
                homes.claudeSettings(),
                EVENTS.stream()
                        .map(event -> JsonEntry.element(group, "hooks", event))
                        .toList());
        files.put(homes.claudeJson(), List.of(JsonEntry.member("gather", server, "mcpServers")));
        return new JsonHarness("claude", files);
    }
}
