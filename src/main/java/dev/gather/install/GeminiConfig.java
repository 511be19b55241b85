package dev.gather.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Gemini CLI: an {@code AfterAgent} hook and the MCP server, both in {@code ~/.gemini/settings.json}. */
final class GeminiConfig implements HarnessConfig {
    private final Path settings;
    private final String launcher;

    GeminiConfig(Path home, String launcher) {
        this.settings = home.resolve(".gemini/settings.json");
        this.launcher = launcher;
    }

    private String hook() {
        return launcher + " hook gemini";
    }

    @Override
    public List<Path> files() {
        return List.of(settings);
    }

    @Override
    public byte[] install(Path file, Optional<byte[]> current) throws InstallException {
        ObjectNode root = JsonConfig.parse(file, current);
        ObjectNode group = JsonConfig.MAPPER.createObjectNode().put("matcher", "*");
        group.putArray("hooks")
                .addObject()
                .put("name", "gather")
                .put("type", "command")
                .put("command", hook());
        JsonConfig.addHook(root, "AfterAgent", group, hook());
        ObjectNode server = JsonConfig.MAPPER.createObjectNode().put("command", launcher);
        server.putArray("args").add("mcp");
        JsonConfig.putServer(root, "gather", server);
        return JsonConfig.bytes(root);
    }

    @Override
    public Optional<byte[]> uninstall(Path file, byte[] current) throws InstallException {
        ObjectNode root = JsonConfig.parse(file, Optional.of(current));
        JsonConfig.removeHook(root, "AfterAgent", hook());
        JsonConfig.removeServer(root, "gather", launcher);
        return root.isEmpty() ? Optional.empty() : Optional.of(JsonConfig.bytes(root));
    }

    @Override
    public boolean sameMeaning(byte[] a, byte[] b) {
        return JsonConfig.sameMeaning(a, b);
    }
}
