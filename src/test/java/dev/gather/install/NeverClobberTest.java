package dev.gather.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Install adds only what it can recognise as its own; uninstall removes exactly that; both are logged. */
class NeverClobberTest extends InstallCase {
    private Path write(String relative, String text) throws Exception {
        Path file = home.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    private List<JsonNode> log() throws Exception {
        Path file = state.resolve("install.log");
        if (Files.notExists(file)) {
            return List.of();
        }
        return Files.readAllLines(file).stream()
                .map(l -> {
                    try {
                        return JsonConfig.MAPPER.readTree(l);
                    } catch (Exception e) {
                        throw new AssertionError("not a JSON line: " + l, e);
                    }
                })
                .toList();
    }

    private static final String OWN_SERVER =
            "{\n  \"mcpServers\": {\n    \"gather\": {\"command\": \"/usr/local/bin/gather\", \"args\": [\"mcp\"]}\n  }\n}\n";

    @Test
    void claudeRefusesWhereTheUserHasTheirOwnGatherServerAndWritesNothing() throws Exception {
        Path claudeJson = write(".claude.json", OWN_SERVER);
        InstallException e =
                assertThrows(InstallException.class, () -> installer("claude").install());
        assertTrue(
                e.getMessage().startsWith(claudeJson + ": mcpServers.gather already holds a gather entry"),
                e.getMessage());
        assertEquals(OWN_SERVER, Files.readString(claudeJson));
        assertTrue(Files.notExists(home.resolve(".claude/settings.json")), "no file is written when one refuses");
        assertEquals(List.of(), log());
        List<String> lines = installer("claude").uninstall();
        assertTrue(lines.contains("nothing to remove in " + claudeJson), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("left as it is")), lines.toString());
        assertEquals(OWN_SERVER, Files.readString(claudeJson));
    }

    @Test
    void aHandEditedGatherEntryAndItsNeighboursSurviveUninstall() throws Exception {
        Path claudeJson = write(".claude.json", "{\"mcpServers\": {\"github\": {\"command\": \"gh-mcp\"}}}");
        Installer claude = installer("claude");
        claude.install();
        JsonNode installed = JsonConfig.MAPPER.readTree(claudeJson.toFile());
        ((ObjectNode) installed.path("mcpServers").path("gather").path("env")).put("TMUX_PANE", "%1");
        Files.writeString(claudeJson, installed.toString());
        Path settings = home.resolve(".claude/settings.json");
        String handHook =
                "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"/opt/gather/bin/gather"
                        + " hook claude\"}]}, {\"hooks\": [{\"type\": \"command\", \"command\": \"/old/gather/bin/gather hook claude --x\"}]}]}}";
        Files.writeString(settings, handHook);

        List<String> lines = claude.uninstall();

        JsonNode after = JsonConfig.MAPPER.readTree(claudeJson.toFile());
        assertEquals(
                "gh-mcp",
                after.path("mcpServers").path("github").path("command").asText());
        assertEquals(
                "%1",
                after.path("mcpServers")
                        .path("gather")
                        .path("env")
                        .path("TMUX_PANE")
                        .asText());
        JsonNode stop =
                JsonConfig.MAPPER.readTree(settings.toFile()).path("hooks").path("Stop");
        assertEquals(1, stop.size(), "only gather's exact hook group went");
        assertEquals(
                "/old/gather/bin/gather hook claude --x",
                stop.get(0).path("hooks").get(0).path("command").asText());
        assertTrue(lines.contains("nothing to remove in " + claudeJson), lines.toString());
        assertTrue(lines.contains("removed gather from " + settings + " (hooks.Stop[])"), lines.toString());
        assertEquals(2, lines.stream().filter(l -> l.contains("left as it is")).count(), lines.toString());
    }

    @Test
    void geminiRefusesAForeignGatherHookAndKeepsItsNeighbours() throws Exception {
        String own = "{\n  \"theme\": \"GitHub\",\n  \"hooks\": {\n    \"AfterAgent\": [\n      {\"hooks\": [{\"type\":"
                + " \"command\", \"command\": \"gather hook gemini\"}]}\n    ]\n  }\n}\n";
        Path settings = write(".gemini/settings.json", own);
        InstallException e =
                assertThrows(InstallException.class, () -> installer("gemini").install());
        assertTrue(e.getMessage().contains("hooks.AfterAgent[] already holds a gather entry"), e.getMessage());
        assertEquals(own, Files.readString(settings));

        Files.writeString(settings, "{\n  \"theme\": \"GitHub\"\n}\n");
        installer("gemini").install();
        Files.writeString(settings, Files.readString(settings).replace("\"GitHub\"", "\"Dracula\""));
        installer("gemini").uninstall();
        assertEquals("{\n  \"theme\": \"Dracula\"\n}\n", Files.readString(settings));
    }

    @Test
    void codexLeavesAHandEditedBlockAndRefusesToInstallOverIt() throws Exception {
        Path config = write(".codex/config.toml", "model = \"o3\"\n\n[mcp_servers.docs]\ncommand = \"docs\"\n");
        installer("codex").install();
        String edited = Files.readString(config).replace("args = [\"mcp\"]", "args = [\"mcp\", \"--debug\"]");
        Files.writeString(config, edited);

        assertThrows(InstallException.class, () -> installer("codex").install());
        assertEquals(edited, Files.readString(config));
        List<String> lines = installer("codex").uninstall();
        String after = Files.readString(config);
        assertFalse(after.contains("notify"), after);
        assertTrue(after.contains("args = [\"mcp\", \"--debug\"]"), after);
        assertTrue(after.contains("[mcp_servers.docs]\ncommand = \"docs\"\n"), after);
        assertTrue(lines.stream().anyMatch(l -> l.contains("edited by hand; left as it is")), lines.toString());
    }

    @Test
    void codexRefusesTheUsersOwnGatherServerInAnyTomlSpelling() throws Exception {
        for (String own : List.of(
                "[mcp_servers.gather]\ncommand = \"g\"\n",
                "[mcp_servers.\"gather\"]\ncommand = \"g\"\n",
                "[mcp_servers]\ngather = { command = \"g\" }\n",
                "mcp_servers.gather.command = \"g\"\n")) {
            Path config = write(".codex/config.toml", own);
            assertThrows(InstallException.class, () -> installer("codex").install(), own);
            assertEquals(own, Files.readString(config));
        }
    }

    @Test
    void codexUpgradesTheBlockAnEarlierGatherWrote() throws Exception {
        String old =
                CodexConfig.BEGIN + "\nnotify = [\"/opt/gather/bin/gather\", \"hook\", \"codex\"]\n" + CodexConfig.END
                        + "\nmodel = \"o3\"\n" + CodexConfig.BEGIN
                        + "\n[mcp_servers.gather]\ncommand = \"/opt/gather/bin/gather\"\nargs = [\"mcp\"]\n"
                        + CodexConfig.END + "\n";
        Path config = write(".codex/config.toml", old);
        installer("codex").install();
        String after = Files.readString(config);
        assertTrue(after.contains(CodexConfig.ENV_VARS), after);
        assertEquals(1, after.split("\\[mcp_servers\\.gather\\]", -1).length - 1, after);
        installer("codex").uninstall();
        assertEquals("model = \"o3\"\n", Files.readString(config));
    }

    @Test
    void uninstallWithNothingInstalledSaysSoAndTouchesNothing() throws Exception {
        for (String harness : List.of("claude", "codex", "gemini")) {
            List<String> lines = installer(harness).uninstall();
            assertFalse(lines.isEmpty());
            assertTrue(lines.stream().allMatch(l -> l.startsWith("nothing to remove in ")), lines.toString());
        }
        assertEquals(0, Files.list(home).count());
        assertEquals(List.of(), log());
    }

    @Test
    void everyEntryAddedOrRemovedIsOneAuditLine() throws Exception {
        installer("claude").install();
        installer("claude").install(); // nothing new: no line
        installer("codex").install();
        installer("claude").uninstall();
        List<JsonNode> log = log();
        assertEquals(
                List.of(
                        "install claude hooks.Stop[]",
                        "install claude hooks.SessionStart[]",
                        "install claude hooks.UserPromptSubmit[]",
                        "install claude mcpServers.gather",
                        "install codex notify",
                        "install codex mcp_servers.gather",
                        "uninstall claude hooks.Stop[]",
                        "uninstall claude hooks.SessionStart[]",
                        "uninstall claude hooks.UserPromptSubmit[]",
                        "uninstall claude mcpServers.gather"),
                log.stream()
                        .map(l -> l.path("action").asText() + " "
                                + l.path("harness").asText() + " "
                                + l.path("entry").asText())
                        .toList());
        JsonNode first = log.get(0);
        assertEquals("2026-11-23T10:00:00Z", first.path("time").asText());
        assertEquals(
                home.resolve(".claude/settings.json").toString(),
                first.path("file").asText());
        assertEquals(
                "/opt/gather/bin/gather hook claude",
                first.path("value").path("hooks").get(0).path("command").asText());
        assertTrue(log.get(5).path("value").asText().contains(CodexConfig.ENV_VARS));
    }

    @Test
    void harnessHomesComeFromTheirVariables() throws Exception {
        Path claudeDir = home.resolve("cc");
        Path codexDir = home.resolve("cx");
        Path geminiRoot = home.resolve("gm");
        installer("claude", Map.of("CLAUDE_CONFIG_DIR", claudeDir.toString())).install();
        installer("codex", Map.of("CODEX_HOME", codexDir.toString())).install();
        installer("gemini", Map.of("GEMINI_CLI_HOME", geminiRoot.toString())).install();
        assertTrue(Files.isRegularFile(claudeDir.resolve("settings.json")));
        assertTrue(Files.isRegularFile(claudeDir.resolve(".claude.json")));
        assertTrue(Files.isRegularFile(codexDir.resolve("config.toml")));
        assertTrue(Files.isRegularFile(geminiRoot.resolve(".gemini/settings.json")));
        assertTrue(Files.notExists(home.resolve(".claude")));
        assertTrue(Files.notExists(home.resolve(".claude.json")));
    }

    @Test
    void printShowsExactlyTheFileInstallWrites() throws Exception {
        Path settings = write(".gemini/settings.json", "{\n    \"theme\": \"GitHub\",\n    \"n\": [1, 2]\n}");
        List<String> plan = installer("gemini").planInstall();
        installer("gemini").install();
        assertEquals("# " + settings + ": would become (hooks.AfterAgent[], mcpServers.gather)", plan.get(0));
        assertEquals(String.join("\n", plan.subList(1, plan.size())), Files.readString(settings));
        assertTrue(Files.readString(settings).startsWith("{\n    \"theme\""), "the file's own indentation is kept");
        assertFalse(Files.readString(settings).endsWith("\n"), "and its lack of a final newline");
    }
}
