package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.gather.home.Homes;
import dev.gather.install.InstalledPlugins;
import dev.gather.install.PluginFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;

/**
 * gather's plugins, as {@code gather plugins} writes them, meet the pinned harnesses' own plugin
 * commands, offline, in a private HOME: each validates them (where it has a validator), installs them
 * from the folder, shows hooks and an MCP server that run gather, and removes them again, leaving the
 * user's settings as they were.
 */
@Live
class PluginLiveTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path home;
    private Path plugins;
    private String launcher;

    private void write() throws Exception {
        home = Files.createDirectories(dir.resolve("home"));
        plugins = dir.resolve("release/share/gather/plugins");
        launcher = dir.resolve("release/lib/gather/bin/gather").toString();
        new PluginFiles(launcher, "0.5.0").writeTo(plugins);
    }

    @LiveTest
    void claudeValidatesInstallsAndRemovesThePlugin() throws Exception {
        write();
        Path settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, "{\n  \"theme\": \"dark\"\n}\n");
        JsonNode before = JSON.readTree(settings.toFile());

        JsonNode market = json(claude("plugin", "validate", "--strict", "--json", plugins.toString()));
        assertTrue(market.path("success").asBoolean(), market.toPrettyString());
        JsonNode plugin = json(claude(
                "plugin",
                "validate",
                "--strict",
                "--json",
                plugins.resolve("claude").toString()));
        assertTrue(plugin.path("success").asBoolean(), plugin.toPrettyString());
        List<String> hooks = new ArrayList<>();
        plugin.path("provides")
                .path("hooks")
                .forEach(h -> hooks.add(
                        h.path("event").asText() + " " + h.path("command").asText()));
        assertEquals(
                List.of(
                        "Stop " + launcher + " hook claude",
                        "SessionStart " + launcher + " hook claude",
                        "UserPromptSubmit " + launcher + " hook claude"),
                hooks);
        JsonNode server = plugin.path("provides").path("mcpServers").path(0);
        assertEquals(
                "gather " + launcher + " [\"mcp\"]",
                server.path("name").asText() + " " + server.path("target").asText() + " " + server.path("args"));

        ok(claude("plugin", "marketplace", "add", "--json", plugins.toString()));
        ok(claude("plugin", "install", "--json", "gather@gather"));
        JsonNode listed = json(claude("plugin", "list", "--json")).path(0);
        assertEquals("gather@gather", listed.path("id").asText(), listed.toPrettyString());
        assertEquals(
                launcher,
                listed.path("mcpServers").path("gather").path("command").asText());
        JsonNode installed = JSON.readTree(
                Path.of(listed.path("installPath").asText(), "hooks/hooks.json").toFile());
        assertEquals(
                launcher + " hook claude",
                installed.at("/hooks/Stop/0/hooks/0/command").asText());

        assertTrue(installed("claude"), "gather doctor and gather uninstall see the plugin");

        ok(claude("plugin", "uninstall", "--json", "gather@gather"));
        ok(claude("plugin", "marketplace", "remove", "--json", "gather"));
        assertEquals(0, json(claude("plugin", "list", "--json")).size());
        assertFalse(installed("claude"));
        // Claude leaves the two maps it added behind, emptied: the same settings
        assertEquals(before, withoutEmptyMaps(JSON.readTree(settings.toFile())), Files.readString(settings));
    }

    @LiveTest
    void codexInstallsAndRemovesThePluginWithGathersServer() throws Exception {
        write();
        Path config = Files.createDirectories(home.resolve(".codex")).resolve("config.toml");
        Files.writeString(config, "model = \"o3\"\n\n[tui]\nnotifications = true\n");
        TomlMapper toml = new TomlMapper();
        JsonNode before = toml.readTree(config.toFile());

        ok(codex("plugin", "marketplace", "add", "--json", plugins.toString()));
        JsonNode added = json(codex("plugin", "add", "--json", "gather@gather"));
        assertEquals("gather@gather", added.path("pluginId").asText(), added.toPrettyString());
        JsonNode servers = json(codex("mcp", "list", "--json"));
        assertEquals(1, servers.size(), servers.toPrettyString());
        JsonNode transport = servers.path(0).path("transport");
        assertEquals(launcher, transport.path("command").asText());
        assertEquals("[\"mcp\"]", transport.path("args").toString());
        assertEquals(
                "[\"TMUX_PANE\",\"TMUX\",\"GATHER_HOME\",\"GATHER_TMUX_SOCKET\"]",
                transport.path("env_vars").toString());

        assertTrue(installed("codex"), "gather doctor and gather uninstall see the plugin");

        ok(codex("plugin", "remove", "--json", "gather@gather"));
        ok(codex("plugin", "marketplace", "remove", "gather"));
        assertFalse(installed("codex"));
        assertEquals(before, toml.readTree(config.toFile()), Files.readString(config));
    }

    @LiveTest
    void geminiValidatesInstallsAndRemovesTheExtension() throws Exception {
        write();
        Path settings = Files.createDirectories(home.resolve(".gemini")).resolve("settings.json");
        // folder trust off: Gemini would ask to trust the release folder (it asks on a terminal only)
        Files.writeString(
                settings,
                "{\"security\": {\"folderTrust\": {\"enabled\": false}}, \"privacy\":"
                        + " {\"usageStatisticsEnabled\": false}, \"telemetry\": {\"enabled\": false}}\n");
        ok(gemini("extensions", "list"));
        // after Gemini's own first run, which rewrites settings.json in its own layout
        String before = Files.readString(settings);

        ok(gemini("extensions", "validate", plugins.resolve("gemini").toString()));
        ok(gemini(
                "extensions",
                "install",
                "--consent",
                "--skip-settings",
                plugins.resolve("gemini").toString()));
        // Gemini prints its list on stderr
        String list = ok(gemini("extensions", "list")).err();
        assertTrue(list.contains("gather (0.5.0)") && list.contains("MCP servers:\n  gather"), list);
        Path installed = home.resolve(".gemini/extensions/gather");
        assertEquals(
                launcher,
                JSON.readTree(installed.resolve("gemini-extension.json").toFile())
                        .at("/mcpServers/gather/command")
                        .asText());
        assertEquals(
                launcher + " hook gemini",
                JSON.readTree(installed.resolve("hooks/hooks.json").toFile())
                        .at("/hooks/AfterAgent/0/hooks/0/command")
                        .asText());

        assertTrue(installed("gemini"), "gather doctor and gather uninstall see the extension");

        ok(gemini("extensions", "uninstall", "gather"));
        assertFalse(installed("gemini"));
        assertTrue(Files.notExists(installed));
        assertEquals(before, Files.readString(settings));
    }

    private boolean installed(String harness) {
        return InstalledPlugins.removal(harness, Homes.of(Map.of("HOME", home.toString())))
                .isPresent();
    }

    private record Result(int code, String out, String err) {}

    private Result claude(String... args) throws Exception {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("DISABLE_AUTOUPDATER", "1");
        env.put("DISABLE_TELEMETRY", "1");
        env.put("DISABLE_ERROR_REPORTING", "1");
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        return run(NpmHarnesses.bin("claude"), env, args);
    }

    private Result codex(String... args) throws Exception {
        return run(
                NpmHarnesses.bin("codex"),
                Map.of("CODEX_HOME", home.resolve(".codex").toString()),
                args);
    }

    private Result gemini(String... args) throws Exception {
        return run(NpmHarnesses.bin("gemini"), Map.of("CI", "false"), args);
    }

    private Result run(Path exe, Map<String, String> extra, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        String path = env.get("PATH");
        env.clear();
        env.put("PATH", path);
        env.put("TERM", "dumb");
        env.put("HOME", home.toString());
        env.putAll(extra);
        Path err = Files.createTempFile(dir, "err", ".txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", args) + " did not finish in 120 s:\n" + out);
        }
        return new Result(p.exitValue(), out, Files.readString(err));
    }

    private static Result ok(Result r) {
        assertEquals(0, r.code(), r.out() + r.err());
        return r;
    }

    private static JsonNode json(Result r) throws Exception {
        return JSON.readTree(ok(r).out());
    }

    private static JsonNode withoutEmptyMaps(JsonNode tree) {
        ObjectNode copy = tree.deepCopy();
        List<String> empty = new ArrayList<>();
        copy.properties().forEach(e -> {
            if (e.getValue().isObject() && e.getValue().isEmpty()) {
                empty.add(e.getKey());
            }
        });
        copy.remove(empty);
        return copy;
    }
}
