package dev.gather.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * gather in the harnesses' own plugin formats, each running one launcher: a folder that is at once a
 * local Claude Code marketplace ({@code .claude-plugin/marketplace.json}, plugin {@code claude/}) and a
 * local Codex marketplace ({@code .agents/plugins/marketplace.json}, plugin {@code codex/}), plus a Gemini
 * CLI extension ({@code gemini/}). The entries are the ones {@code gather install} writes, so both paths
 * register the same hooks and server; a plugin is added and removed with the harness's own commands.
 *
 * <p>Codex plugins carry MCP servers but not {@code notify}, the program Codex runs at a turn end, so
 * the Codex plugin gives the tools only; {@code gather install codex} stays the way to get both.
 */
public final class PluginFiles {
    /** The marketplace's and the plugin's name: a harness installs it as {@code gather@gather}. */
    public static final String NAME = "gather";

    private static final String DESCRIPTION =
            "Lets AI coding agents in tmux panes talk to each other: gather's MCP server and turn-end hook";

    private final String launcher;
    private final String version;

    /**
     * @param launcher the command the hooks and the MCP server run: an absolute path, or {@code gather}
     *     for the one on PATH
     * @param version gather's version, which every manifest carries
     */
    public PluginFiles(String launcher, String version) {
        this.launcher = launcher;
        this.version = version;
    }

    /** Every file, by its path relative to the folder, as it is written. */
    public Map<String, byte[]> files() throws IOException {
        Map<String, JsonNode> json = new LinkedHashMap<>();
        json.put(".claude-plugin/marketplace.json", claudeMarketplace());
        json.put("claude/.claude-plugin/plugin.json", manifest().set("author", author()));
        ObjectNode claudeHooks = JsonConfig.MAPPER.createObjectNode();
        ObjectNode events = claudeHooks.putObject("hooks");
        ClaudeConfig.EVENTS.forEach(e -> events.putArray(e).add(ClaudeConfig.hookGroup(launcher)));
        json.put("claude/hooks/hooks.json", claudeHooks);
        json.put("claude/.mcp.json", servers(ClaudeConfig.server(launcher)));
        json.put(".agents/plugins/marketplace.json", codexMarketplace());
        ObjectNode codex = manifest().put("mcpServers", "./.mcp.json");
        codex.set("author", author());
        codex.putObject("interface").put("displayName", NAME).put("shortDescription", DESCRIPTION);
        json.put("codex/.codex-plugin/plugin.json", codex);
        ObjectNode codexServer = JsonConfig.MAPPER.createObjectNode().put("command", launcher);
        codexServer.putArray("args").add("mcp");
        // Codex starts MCP servers with a filtered environment; gather mcp needs these to know its pane
        ArrayNode vars = codexServer.putArray("env_vars");
        CodexConfig.ENV.forEach(vars::add);
        json.put("codex/.mcp.json", servers(codexServer));
        ObjectNode gemini = manifest();
        gemini.putObject("mcpServers").set(NAME, GeminiConfig.server(launcher));
        json.put("gemini/gemini-extension.json", gemini);
        ObjectNode geminiHooks = JsonConfig.MAPPER.createObjectNode();
        geminiHooks.putObject("hooks").putArray("AfterAgent").add(GeminiConfig.hookGroup(launcher));
        json.put("gemini/hooks/hooks.json", geminiHooks);

        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : json.entrySet()) {
            files.put(
                    e.getKey(),
                    (JsonConfig.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(e.getValue()) + "\n")
                            .getBytes(StandardCharsets.UTF_8));
        }
        for (String plugin : List.of("claude", "codex", "gemini")) {
            files.put(plugin + "/README.md", readme(plugin).getBytes(StandardCharsets.UTF_8));
        }
        return files;
    }

    /** Writes {@link #files()} under {@code dir}; returns the paths written. Other files there stay. */
    public List<Path> writeTo(Path dir) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : files().entrySet()) {
            Path file = dir.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue());
            written.add(file);
        }
        return written;
    }

    private ObjectNode manifest() {
        return JsonConfig.MAPPER
                .createObjectNode()
                .put("name", NAME)
                .put("version", version)
                .put("description", DESCRIPTION)
                .put("license", "MIT");
    }

    private static ObjectNode author() {
        return JsonConfig.MAPPER.createObjectNode().put("name", NAME);
    }

    private static ObjectNode servers(ObjectNode server) {
        ObjectNode root = JsonConfig.MAPPER.createObjectNode();
        root.putObject("mcpServers").set(NAME, server);
        return root;
    }

    private ObjectNode claudeMarketplace() {
        ObjectNode m = JsonConfig.MAPPER.createObjectNode().put("name", NAME);
        m.set("owner", author());
        m.put("description", "gather, from its release: no network needed");
        m.putArray("plugins")
                .addObject()
                .put("name", NAME)
                .put("source", "./claude")
                .put("description", DESCRIPTION)
                .put("version", version);
        return m;
    }

    private static ObjectNode codexMarketplace() {
        ObjectNode m = JsonConfig.MAPPER.createObjectNode().put("name", NAME);
        m.putObject("interface").put("displayName", NAME);
        ObjectNode entry = m.putArray("plugins").addObject().put("name", NAME);
        entry.putObject("source").put("source", "local").put("path", "./codex");
        entry.putObject("policy").put("installation", "AVAILABLE").put("authentication", "ON_INSTALL");
        entry.put("category", "Productivity");
        return m;
    }

    private String readme(String plugin) {
        String what =
                switch (plugin) {
                    case "claude" -> "the gather MCP server (send_message, start_gathering and the other tools) and"
                            + " the hooks that hand each turn end to the gather daemon (Stop, SessionStart,"
                            + " UserPromptSubmit)";
                    case "codex" -> "the gather MCP server (send_message, start_gathering and the other tools)."
                            + " Codex plugins cannot set notify, the program Codex runs when a turn ends, through"
                            + " which gather hears a Codex member finish; `gather install codex` registers both";
                    default -> "the gather MCP server and the AfterAgent hook that hands each turn end to the"
                            + " gather daemon";
                };
        return "# gather\n\nThis plugin registers gather, which lets AI coding agents in tmux panes talk to each"
                + " other, with this harness: " + what + ". Every entry runs `" + launcher + "`, the gather"
                + " installed from the release. Install it from the folder that holds it, offline; see"
                + " docs/install.md of gather for the commands, and `gather doctor` to check the result.\n";
    }
}
