package dev.gather.harness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.gather.home.Homes;
import dev.gather.install.Installer;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Codex CLI edits its own config.toml around gather's entries: its first start writes {@code [tui]}
 * settings (which used to land inside gather's markers) and {@code codex mcp add} rewrites the server tables
 * (dropping a marker). Uninstall must still leave exactly what the same user would have without gather, and
 * install must work again. The user here has a notify program of their own, which gather chains to.
 */
@Live
class CodexInstallLiveTest {
    private static final TomlMapper TOML = new TomlMapper();

    @TempDir
    Path dir;

    @LiveTest
    void uninstallAfterCodexsOwnEditsLeavesWhatTheUserWouldHaveWithoutGather() throws Exception {
        try (FakeOpenAI model = new FakeOpenAI()) {
            // the same user twice: once without gather, once with it installed around Codex's edits
            JsonNode without = live(model, "without", false);
            Path config = dir.resolve("with/.codex/config.toml");
            JsonNode with = live(model, "with", true);
            assertEquals(without, with, Files.readString(config));
            assertTrue(with.path("tui").isObject(), "Codex wrote its own settings meanwhile");
            assertEquals(
                    "cmd", with.path("mcp_servers").path("x").path("command").asText());
            assertEquals(List.of("sh", "-c", "true", "theirs"), strings(with.path("notify")), "their notify is back");

            Installer again = installer("with");
            again.install();
            JsonNode reinstalled = TOML.readTree(config.toFile());
            assertEquals(
                    List.of(stub("with").toString(), "hook", "codex", "--", "sh", "-c", "true", "theirs"),
                    strings(reinstalled.path("notify")));
            assertTrue(reinstalled.path("mcp_servers").has("gather"));
            again.uninstall();
            assertEquals(without, TOML.readTree(config.toFile()));
        }
    }

    /** One user's day: (install), start Codex, quit, {@code codex mcp add x -- cmd}, (uninstall). */
    private JsonNode live(FakeOpenAI model, String name, boolean gather) throws Exception {
        Path home = dir.resolve(name);
        // one folder for both: Codex keeps its trust by the folder's path
        Path work = Files.createDirectories(dir.resolve("work"));
        CodexHome codex = new CodexHome(home, model).prepare(List.of(work));
        Path config = codex.codexHome().resolve("config.toml");
        Files.writeString(config, "notify = [\"sh\", \"-c\", \"true\", \"theirs\"]\n" + Files.readString(config));
        if (gather) {
            // a launcher that starts no daemon: Codex only needs something to run as the MCP server
            Files.createDirectories(stub(name).getParent());
            Files.writeString(stub(name), "#!/bin/sh\nexit 0\n");
            assertTrue(stub(name).toFile().setExecutable(true));
            installer(name).install();
            assertTrue(Files.readString(config).contains("[mcp_servers.gather]"));
        }
        String socket = "gather-test-" + UUID.randomUUID();
        try (Tmux tmux = Tmuxes.connect(TmuxConfig.socket(socket))) {
            Map<String, String> env = new HashMap<>(codex.env());
            env.put("LANG", "C.UTF-8");
            Pane pane = tmux.spawn(new SpawnSpec(
                    "codex-" + name, List.of(NpmHarnesses.bin("codex").toString()), env, work, 120, 40));
            try {
                await().atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofMillis(250))
                        .until(() -> Files.readString(config).contains("[tui]"));
            } finally {
                ProcessHandle.of(pane.pid()).ifPresent(p -> {
                    p.descendants().forEach(ProcessHandle::destroy);
                    p.destroy();
                });
                codex.stopServers();
                tmux.killServer();
            }
        }
        run(codex, work, NpmHarnesses.bin("codex").toString(), "mcp", "add", "x", "--", "cmd");
        if (gather) {
            assertEquals(
                    stub(name).toString(),
                    TOML.readTree(config.toFile()).path("notify").path(0).asText(),
                    "gather's notify still runs first after Codex's edits");
            installer(name).uninstall();
            assertFalse(Files.readString(config).contains("gather"), Files.readString(config));
        }
        return TOML.readTree(config.toFile());
    }

    private Path stub(String name) {
        return dir.resolve(name).resolve("bin/gather");
    }

    private Installer installer(String name) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", dir.resolve(name).toString());
        env.put("CODEX_HOME", dir.resolve(name).resolve(".codex").toString());
        env.put("GATHER_HOME", dir.resolve(name).resolve("state").toString());
        return Installer.forHarness("codex", Homes.of(env), stub(name), Clock.systemUTC());
    }

    private static void run(CodexHome codex, Path cwd, String... argv) throws Exception {
        ProcessBuilder b = new ProcessBuilder(argv).directory(cwd.toFile()).redirectErrorStream(true);
        b.environment().putAll(codex.env());
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "codex " + String.join(" ", argv) + " did not end");
        assertEquals(0, p.exitValue(), out);
    }

    private static List<String> strings(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }
}
