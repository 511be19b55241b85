package dev.gather.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.home.Homes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex rewrites config.toml around gather's entries, as the real Codex CLI 0.169 did in CodexInstallLiveTest
 * (the texts below are what it wrote): uninstall still removes exactly gather's entries, leaves what Codex and
 * the user added, and install recognises its own entries wherever they now stand.
 */
class CodexEditsTest {
    private static final String USER = "model = \"o3\"\n\n[projects.\"/w\"]\ntrust_level = \"trusted\"\n";
    private static final String NOTIFY = "notify = [\"/opt/gather/bin/gather\", \"hook\", \"codex\"]\n";
    private static final String SERVER = "[mcp_servers.gather]\ncommand = \"/opt/gather/bin/gather\"\n"
            + "args = [\"mcp\"]\nenv_vars = [\"TMUX_PANE\", \"TMUX\", \"GATHER_HOME\", \"GATHER_TMUX_SOCKET\"]\n"
            + "startup_timeout_sec = 120\n";

    @TempDir
    Path home;

    private Path config;

    private Installer installer() throws InstallException {
        return Installer.forHarness(
                "codex",
                Homes.of(Map.of("HOME", home.toString())),
                Path.of("/opt/gather/bin/gather"),
                Clock.systemUTC());
    }

    private void write(String text) throws Exception {
        config = Files.createDirectories(home.resolve(".codex")).resolve("config.toml");
        Files.writeString(config, text);
    }

    private void assertMeans(String expected) throws Exception {
        String after = Files.readString(config);
        assertTrue(TomlText.sameMeaning(expected, after), "expected the meaning of\n" + expected + "\nwas\n" + after);
        assertFalse(after.contains("gather"), after);
    }

    @Test
    void codexsTuiSettingsInsideGathersMarkersStay() throws Exception {
        String tui =
                "\n[tui]\nscreen_reader_detection_done = true\n\n[tui.model_availability_nux]\n\"gpt-6.1-sol\" = 1\n";
        write(CodexConfig.BEGIN + "\n" + NOTIFY + CodexConfig.END + "\n" + USER + "\n" + CodexConfig.BEGIN + "\n"
                + SERVER + tui + CodexConfig.END + "\n");
        assertEquals(
                List.of("unchanged " + config + " (gather is registered)"),
                installer().install());
        installer().uninstall();
        assertMeans(USER + tui);
        String after = Files.readString(config);
        assertTrue(after.contains("[tui.model_availability_nux]\n\"gpt-6.1-sol\" = 1\n"), after);
        installer().install();
        installer().uninstall();
        assertMeans(USER + tui);
    }

    @Test
    void codexMcpAddDroppedAMarkerAndPutTheUsersServerInsideTheBlock() throws Exception {
        String x = "\n[mcp_servers.x]\ncommand = \"cmd\"\n";
        write(CodexConfig.BEGIN + "\n" + NOTIFY + CodexConfig.END + "\n" + USER + "\n" + SERVER + x + CodexConfig.END
                + "\n");
        installer().uninstall();
        assertMeans(USER + x);
        assertTrue(Files.readString(config).contains("[mcp_servers.x]\ncommand = \"cmd\"\n"));
    }

    @Test
    void whatCodexWroteUnderGathersServerGoesWithItAndTheUsersCommentStays() throws Exception {
        String approvals = "[mcp_servers.gather.tools.send_message]\napproval_mode = \"approve\"\n";
        write(CodexConfig.BEGIN + "\n" + NOTIFY + CodexConfig.END + "\n" + USER + "\n" + SERVER
                + "default_tools_approval_mode = \"approve\"\n" + approvals
                + "# my own servers follow\n[mcp_servers.docs]\ncommand = \"docs\"\n");
        installer().uninstall();
        assertMeans(USER + "[mcp_servers.docs]\ncommand = \"docs\"\n");
        assertTrue(Files.readString(config).contains("# my own servers follow\n[mcp_servers.docs]"));
    }

    @Test
    void anEarlierGathersServerGetsTimeToStartAndKeepsTheUsersApprovals() throws Exception {
        String earlier = SERVER.replace("startup_timeout_sec = 120\n", "");
        String approvals = "\n[mcp_servers.gather.tools.send_message]\napproval_mode = \"approve\"\n";
        write(CodexConfig.BEGIN + "\n" + NOTIFY + CodexConfig.END + "\n" + USER + "\n" + CodexConfig.BEGIN + "\n"
                + earlier + approvals + CodexConfig.END + "\n");
        assertEquals(
                List.of("registered gather in " + config + " (mcp_servers.gather.startup_timeout_sec)"),
                installer().install());
        JsonNode server = TomlText.parse(config, Files.readString(config))
                .path("mcp_servers")
                .path("gather");
        assertEquals(
                CodexConfig.STARTUP_SECONDS, server.path("startup_timeout_sec").asInt(), Files.readString(config));
        assertEquals(
                "approve",
                server.path("tools").path("send_message").path("approval_mode").asText());
        assertEquals(
                List.of("unchanged " + config + " (gather is registered)"),
                installer().install());
        installer().uninstall();
        assertMeans(USER);
    }

    @Test
    void aStartupWaitTheUserChoseStays() throws Exception {
        String own = CodexConfig.BEGIN + "\n" + NOTIFY + CodexConfig.END + "\n" + USER + "\n" + CodexConfig.BEGIN
                + "\n" + SERVER.replace("startup_timeout_sec = 120", "startup_timeout_sec = 300") + CodexConfig.END
                + "\n";
        write(own);
        assertEquals(
                List.of("unchanged " + config + " (gather is registered)"),
                installer().install());
        assertEquals(own, Files.readString(config));
    }

    @Test
    void anInlineServerItCannotExtendIsNamedForTheUserToEdit() throws Exception {
        String inline = USER + "\n[mcp_servers]\ngather = { command = \"/opt/gather/bin/gather\", args = [\"mcp\"],"
                + " env_vars = [\"TMUX_PANE\", \"TMUX\", \"GATHER_HOME\", \"GATHER_TMUX_SOCKET\"] }\n";
        write(NOTIFY + inline);
        List<String> lines = installer().install();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(1).endsWith("add startup_timeout_sec = 120 to it by hand"), lines.toString());
        assertEquals(NOTIFY + inline, Files.readString(config));
    }

    @Test
    void aServerTableOfAnotherLauncherIsTheUsersAndStays() throws Exception {
        String theirs = "[mcp_servers.gather]\ncommand = \"/elsewhere/gather\"\nargs = [\"mcp\"]\n";
        write(USER + "\n" + theirs);
        List<String> lines = installer().uninstall();
        assertEquals(USER + "\n" + theirs, Files.readString(config));
        assertTrue(lines.get(0).startsWith("nothing to remove"), lines.toString());
    }
}
