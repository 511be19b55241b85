package dev.gather.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HomesTest {
    @TempDir
    Path home;

    @Test
    void everythingHangsOffHomeNotJavasUserHome() {
        assertNotEquals(Path.of(System.getProperty("user.home")), home);
        Homes h = Homes.of(Map.of("HOME", home.toString()));
        assertEquals(home, h.user());
        assertEquals(home.resolve(".local/state"), h.xdgState());
        assertEquals(home.resolve(".config"), h.xdgConfig());
        assertEquals(home.resolve(".cache"), h.xdgCache());
        assertEquals(home.resolve(".local/state/gather"), h.state().root());
        assertEquals(home.resolve(".claude/settings.json"), h.claudeSettings());
        assertEquals(home.resolve(".claude.json"), h.claudeJson());
        assertEquals(home.resolve(".codex/config.toml"), h.codexConfig());
        assertEquals(home.resolve(".gemini/settings.json"), h.geminiSettings());
    }

    @Test
    void eachHarnessVariableMovesOnlyItsHarness() {
        Homes h = Homes.of(Map.of(
                "HOME", "/home/ada",
                "CLAUDE_CONFIG_DIR", "/c",
                "CODEX_HOME", "/x",
                "GEMINI_CLI_HOME", "/g",
                "XDG_STATE_HOME", "/s",
                "XDG_CONFIG_HOME", "/cfg",
                "XDG_CACHE_HOME", "/cache"));
        assertEquals(Path.of("/c/settings.json"), h.claudeSettings());
        assertEquals(Path.of("/c/.claude.json"), h.claudeJson(), "Claude keeps .claude.json in CLAUDE_CONFIG_DIR");
        assertEquals(Path.of("/x/config.toml"), h.codexConfig());
        assertEquals(Path.of("/g/.gemini"), h.gemini(), "GEMINI_CLI_HOME is a root that .gemini goes into");
        assertEquals(Path.of("/s/gather"), h.state().root());
        assertEquals(Path.of("/cfg"), h.xdgConfig());
        assertEquals(Path.of("/cache"), h.xdgCache());
    }

    @Test
    void emptyVariablesCountAsUnsetAsInTheShell() {
        Homes h = Homes.of(Map.of("HOME", "/home/ada", "GATHER_HOME", "", "XDG_STATE_HOME", "", "CODEX_HOME", ""));
        assertEquals(Path.of("/home/ada/.local/state/gather"), h.state().root());
        assertEquals(Path.of("/home/ada/.codex"), h.codex());
    }

    /** bin/gather's shell hook and the daemon must agree on the spool, whatever of the three variables is set. */
    @Test
    void theShellHookWritesWhereHomesSaysTheSpoolIs() throws Exception {
        Path launcher = Path.of("bin/gather").toAbsolutePath();
        for (Map<String, String> env : List.of(
                Map.of("HOME", home.resolve("a").toString()),
                Map.of(
                        "HOME",
                        home.resolve("b").toString(),
                        "XDG_STATE_HOME",
                        home.resolve("xdg").toString()),
                Map.of(
                        "HOME",
                        home.resolve("c").toString(),
                        "GATHER_HOME",
                        home.resolve("g").toString()))) {
            ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "hook", "sim");
            pb.environment().remove("GATHER_HOME");
            pb.environment().remove("XDG_STATE_HOME");
            pb.environment().putAll(env);
            Process p = pb.start();
            p.getOutputStream().write("{}".getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
            Path in = Homes.of(env).state().spool().resolve("in");
            try (Stream<Path> files = Files.list(in)) {
                assertEquals(1, files.count(), env.toString());
            }
        }
    }
}
