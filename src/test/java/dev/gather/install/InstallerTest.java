package dev.gather.install;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class InstallerTest extends InstallCase {
    private Path put(String relative, String sample) throws IOException {
        Path file = home.resolve(relative);
        Files.createDirectories(file.getParent());
        try (InputStream in = getClass().getResourceAsStream("/install/" + sample)) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    private List<Path> allFiles() throws IOException {
        try (Stream<Path> files = Files.walk(home)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static JsonNode json(Path file) throws IOException {
        return JsonConfig.MAPPER.readTree(file.toFile());
    }

    @Test
    void claudeRoundTripKeepsOtherSettingsAndRestoresTheOriginalBytes() throws Exception {
        Path settings = put(".claude/settings.json", "claude-settings.json");
        Path claudeJson = put(".claude.json", "claude-state.json");
        byte[] settingsBefore = Files.readAllBytes(settings);
        byte[] stateBefore = Files.readAllBytes(claudeJson);
        Installer installer = installer("claude");

        installer.install();
        JsonNode s = json(settings);
        assertEquals("opus", s.path("model").asText());
        assertEquals(2, s.path("hooks").path("Stop").size());
        assertEquals(
                "/opt/gather/bin/gather hook claude",
                s.path("hooks")
                        .path("Stop")
                        .get(1)
                        .path("hooks")
                        .get(0)
                        .path("command")
                        .asText());
        JsonNode st = json(claudeJson);
        assertEquals(
                "gh-mcp", st.path("mcpServers").path("github").path("command").asText());
        assertEquals(
                "/opt/gather/bin/gather",
                st.path("mcpServers").path("gather").path("command").asText());
        assertEquals(
                "mcp", st.path("mcpServers").path("gather").path("args").get(0).asText());
        assertEquals(12, st.path("numStartups").asInt());

        byte[] once = Files.readAllBytes(settings);
        assertEquals(
                List.of(
                        "unchanged " + settings + " (gather is registered)",
                        "unchanged " + home.resolve(".claude.json") + " (gather is registered)"),
                installer.install());
        assertArrayEquals(once, Files.readAllBytes(settings));

        installer.uninstall();
        assertArrayEquals(settingsBefore, Files.readAllBytes(settings));
        assertArrayEquals(stateBefore, Files.readAllBytes(claudeJson));
        assertEquals(List.of(claudeJson, settings), allFiles()); // no backups or temp files left
    }

    @Test
    void uninstallKeepsChangesTheUserMadeMeanwhile() throws Exception {
        Path settings = put(".claude/settings.json", "claude-settings.json");
        Installer installer = installer("claude");
        installer.install();
        String edited = Files.readString(settings).replace("\"opus\"", "\"sonnet\"");
        Files.writeString(settings, edited);
        installer.uninstall();
        JsonNode s = json(settings);
        assertEquals("sonnet", s.path("model").asText());
        assertEquals(1, s.path("hooks").path("Stop").size());
    }

    @Test
    void filesGatherCreatedAreRemovedAgain() throws Exception {
        Installer installer = installer("gemini");
        installer.install();
        Path settings = home.resolve(".gemini/settings.json");
        JsonNode s = json(settings);
        assertEquals(
                "/opt/gather/bin/gather hook gemini",
                s.path("hooks")
                        .path("AfterAgent")
                        .get(0)
                        .path("hooks")
                        .get(0)
                        .path("command")
                        .asText());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(settings)));
        installer.uninstall();
        assertEquals(List.of(), allFiles());
    }

    @Test
    void geminiRoundTrip() throws Exception {
        Path settings = put(".gemini/settings.json", "gemini-settings.json");
        byte[] before = Files.readAllBytes(settings);
        Installer installer = installer("gemini");
        installer.install();
        installer.install();
        JsonNode s = json(settings);
        assertEquals(1, s.path("hooks").path("AfterAgent").size());
        assertEquals(
                "./audit.sh",
                s.path("hooks")
                        .path("BeforeTool")
                        .get(0)
                        .path("hooks")
                        .get(0)
                        .path("command")
                        .asText());
        assertEquals("GitHub", s.path("theme").asText());
        installer.uninstall();
        assertArrayEquals(before, Files.readAllBytes(settings));
    }

    @Test
    void codexBlocksAreAddedTextuallyAndRemovedExactly() throws Exception {
        Path config = put(".codex/config.toml", "codex-config.toml");
        String before = Files.readString(config);
        Installer installer = installer("codex");
        installer.install();
        String after = Files.readString(config);
        assertTrue(
                after.startsWith(CodexConfig.BEGIN + "\nnotify = [\"/opt/gather/bin/gather\", \"hook\", \"codex\"]\n"),
                after);
        assertTrue(after.contains(before), "user text is kept byte for byte");
        assertTrue(
                after.endsWith("[mcp_servers.gather]\ncommand = \"/opt/gather/bin/gather\"\nargs = [\"mcp\"]\n"
                        + "env_vars = [\"TMUX_PANE\", \"TMUX\", \"GATHER_HOME\", \"GATHER_TMUX_SOCKET\"]\n"
                        + "startup_timeout_sec = 120\n" + CodexConfig.END + "\n"),
                after);
        installer.install();
        assertEquals(after, Files.readString(config));
        installer.uninstall();
        assertEquals(before, Files.readString(config));
    }

    @Test
    void codexWithItsOwnNotifyChainsToItAndUninstallPutsItBack() throws Exception {
        Path config = home.resolve(".codex/config.toml");
        Files.createDirectories(config.getParent());
        String before = "# done sound\nnotify = [\"say\", \"done\"]   # mine\nmodel = \"o3\"\n";
        Files.writeString(config, before);
        installer("codex").install();
        String after = Files.readString(config);
        assertTrue(
                after.startsWith("# done sound\n" + CodexConfig.BEGIN
                        + "\nnotify = [\"/opt/gather/bin/gather\", \"hook\", \"codex\", \"--\", \"say\", \"done\"]\n"
                        + CodexConfig.END + "\nmodel = \"o3\"\n"),
                after);
        installer("codex").install();
        assertEquals(after, Files.readString(config), "a second install finds gather's chained notify");
        Files.delete(config.resolveSibling("config.toml.gather-backup"));
        installer("codex").uninstall();
        assertTrue(TomlText.sameMeaning(before, Files.readString(config)), Files.readString(config));
        assertTrue(Files.readString(config).startsWith("# done sound\nnotify = [\"say\", \"done\"]\nmodel"));
    }

    @Test
    void invalidJsonIsRefusedWithTheFileNamed() throws Exception {
        Path settings = home.resolve(".gemini/settings.json");
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, "{\"theme\": ");
        InstallException e =
                assertThrows(InstallException.class, () -> installer("gemini").install());
        assertTrue(e.getMessage().startsWith(settings + ": is not valid JSON"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void planWritesNothing() throws Exception {
        Path config = put(".codex/config.toml", "codex-config.toml");
        byte[] before = Files.readAllBytes(config);
        List<String> plan = installer("codex").planInstall();
        assertTrue(String.join("\n", plan).contains("[mcp_servers.gather]"));
        assertArrayEquals(before, Files.readAllBytes(config));
        assertEquals(List.of(config), allFiles());
        assertThrows(InstallException.class, () -> installer("aider"));
    }
}
