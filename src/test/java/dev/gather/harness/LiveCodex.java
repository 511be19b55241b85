package dev.gather.harness;

import dev.gather.home.Homes;
import dev.gather.install.Installer;
import dev.gather.profile.Profiles;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Real Codex CLI panes for live tests: a {@link FakeOpenAI} as the model, a private CODEX_HOME
 * ({@link CodexHome}) with {@code gather install codex} applied and gather's tools pre-approved, and
 * a {@link LiveWorld}. Closing it ends Codex's background server (it outlives tmux), then the world.
 */
final class LiveCodex implements AutoCloseable {
    static final InputBox BOX =
            Profiles.shipped().forKind("codex").quirks().input().orElseThrow();

    final FakeOpenAI model;
    final CodexHome codex;
    final LocalLauncher launcher;
    final LiveWorld world;
    final Path work;

    LiveCodex(Path dir) throws Exception {
        this(dir, Duration.ZERO);
    }

    /** With each {@code gather mcp} starting {@code slowStart} late, as a JVM does on a loaded machine. */
    LiveCodex(Path dir, Duration slowStart) throws Exception {
        this.model = new FakeOpenAI();
        this.work = Files.createDirectories(dir.resolve("work"));
        this.codex = new CodexHome(dir.resolve("home"), model).prepare(List.of(work));
        this.launcher = LocalLauncher.write(dir.resolve("bin"), slowStart);
        Installer.forHarness("codex", Homes.of(codex.env()), launcher.script(), Clock.systemUTC())
                .install();
        codex.approveGatherTools();
        this.world = new LiveWorld(dir.resolve("gather"));
    }

    /** Starts a plain {@code codex} in its own session {@code name}, in the trusted work folder. */
    Pane spawn(String name) {
        return world.spawn(name, List.of(NpmHarnesses.bin("codex").toString()), codex.env(), work);
    }

    /**
     * What the model was asked, and what gather mcp logged and answered: for a failure's message. (Codex
     * keeps its own log in SQLite; a server it gave up on shows as a warning at the foot of its screen.)
     */
    String lastWords() {
        String log;
        String out;
        try {
            log = launcher.log();
            out = tail(launcher.mcpOut(), 3000);
        } catch (IOException e) {
            log = e.toString();
            out = "";
        }
        return model.summary() + "\ngather.log (the launcher's stderr):\n" + log + "\nmcp.out (what gather mcp"
                + " answered):\n" + out;
    }

    private static String tail(String text, int chars) {
        return text.length() <= chars ? text : "…" + text.substring(text.length() - chars);
    }

    @Override
    public void close() {
        try {
            // it outlives tmux, and its gather mcp bridges would outlive the daemon
            codex.stopServers();
        } finally {
            try {
                world.close();
            } finally {
                model.close();
            }
        }
    }
}
