package dev.gather.harness;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Adds one command hook to a harness's {@code settings.json} (Claude Code's and Gemini CLI's share the
 * shape {@code hooks.<event>[{matcher?, hooks: [{type, command}]}]}), and nothing else: no MCP server,
 * which would start a daemon of its own where the benchmark relays in-process.
 */
final class SettingsHooks {
    private SettingsHooks() {}

    /** Adds {@code command} on {@code event}; Gemini matches its hooks by {@code matcher}, Claude's Stop has none (empty). */
    static void add(Path settings, String event, String matcher, String command) throws IOException {
        ObjectNode root = (ObjectNode) FakeModel.JSON.readTree(settings.toFile());
        ObjectNode hooks = root.has("hooks") ? (ObjectNode) root.get("hooks") : root.putObject("hooks");
        ArrayNode groups = hooks.has(event) ? (ArrayNode) hooks.get(event) : hooks.putArray(event);
        ObjectNode group = groups.addObject();
        if (!matcher.isEmpty()) {
            group.put("matcher", matcher);
        }
        group.putArray("hooks").addObject().put("type", "command").put("command", command);
        HarnessHome.writeJson(settings, root);
    }
}
