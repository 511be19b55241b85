package dev.gather.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Claude Code: the Stop hook in {@code ~/.claude/settings.json} ({@code hooks.Stop}) and the MCP server
 * in {@code ~/.claude.json} ({@code mcpServers}, user scope, what {@code claude mcp add -s user} writes).
 */
final class ClaudeConfig implements HarnessConfig {
    private final Path settings;
    private final Path state;
    private final String launcher;

    ClaudeConfig(Path home, String launcher) {
        this.settings = home.resolve(".claude/settings.json");
        this.state = home.resolve(".claude.json");
        this.launcher = launcher;
    }

    private String hook() {
        return launcher + " hook claude";
    }

    @Override
    public List<Path> files() {
        return List.of(settings, state);
    }

    @Override
    public byte[] install(Path file, Optional<byte[]> current) throws InstallException {
        ObjectNode root = JsonConfig.parse(file, current);
        if (file.equals(settings)) {
            ObjectNode group = JsonConfig.MAPPER.createObjectNode();
            group.putArray("hooks").addObject().put("type", "command").put("command", hook());
            JsonConfig.addHook(root, "Stop", group, hook());
        } else {
            ObjectNode server =
                    JsonConfig.MAPPER.createObjectNode().put("type", "stdio").put("command", launcher);
            server.putArray("args").add("mcp");
            server.putObject("env");
            JsonConfig.putServer(root, "gather", server);
        }
        return JsonConfig.bytes(root);
    }

    @Override
    public Optional<byte[]> uninstall(Path file, byte[] current) throws InstallException {
        ObjectNode root = JsonConfig.parse(file, Optional.of(current));
        if (file.equals(settings)) {
            JsonConfig.removeHook(root, "Stop", hook());
        } else {
            JsonConfig.removeServer(root, "gather", launcher);
        }
        return root.isEmpty() ? Optional.empty() : Optional.of(JsonConfig.bytes(root));
    }

    @Override
    public boolean sameMeaning(byte[] a, byte[] b) {
        return JsonConfig.sameMeaning(a, b);
    }
}
