package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gather.home.Homes;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** `gather install` finds the harness files through the same homes as everything else. */
class InstallCommandTest {
    private static final Map<String, String> ENV =
            Map.of("HOME", "/home/ada", "CLAUDE_CONFIG_DIR", "/cc", "CODEX_HOME", "/cx", "GEMINI_CLI_HOME", "/gm");

    @Test
    void withoutHomeTheEnvironmentDecides() {
        Homes h = InstallCommand.homes(ENV, null);
        assertEquals(Path.of("/cc/.claude.json"), h.claudeJson());
        assertEquals(Path.of("/cx/config.toml"), h.codexConfig());
        assertEquals(Path.of("/gm/.gemini/settings.json"), h.geminiSettings());
    }

    @Test
    void homeForTryingOutIgnoresTheHarnessVariables() {
        Homes h = InstallCommand.homes(ENV, Path.of("/tmp/try"));
        assertEquals(Path.of("/tmp/try/.claude/settings.json"), h.claudeSettings());
        assertEquals(Path.of("/tmp/try/.claude.json"), h.claudeJson());
        assertEquals(Path.of("/tmp/try/.codex/config.toml"), h.codexConfig());
        assertEquals(Path.of("/tmp/try/.gemini/settings.json"), h.geminiSettings());
    }
}
