package dev.gather.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * A private, offline home for a real Codex CLI: {@code CODEX_HOME} is {@code <home>/.codex}, whose
 * config.toml sends every model call to a {@link FakeOpenAI} (a provider with the Responses wire API
 * and a dummy key variable), trusts the working folders, and turns off the update check and
 * analytics. Codex keeps one background app server per {@code CODEX_HOME} that outlives its TUIs and
 * tmux; {@link #stopServers()} ends it.
 */
public final class CodexHome extends HarnessHome {
    static final String KEY_VAR = "GATHER_FAKE_OPENAI_KEY";

    public CodexHome(Path home, FakeModel model) {
        super(home, model);
    }

    Path codexHome() {
        return home.resolve(".codex");
    }

    /** Writes config.toml; {@code trusted} folders skip the folder-trust dialog. */
    public CodexHome prepare(List<Path> trusted) throws IOException {
        Files.createDirectories(codexHome());
        StringBuilder toml = new StringBuilder();
        toml.append("model = \"gpt-5-fake\"\n")
                .append("model_provider = \"fake\"\n")
                .append("check_for_update_on_startup = false\n")
                .append("\n[model_providers.fake]\n")
                .append("name = \"fake\"\n")
                .append("base_url = \"")
                .append(model.baseUrl())
                .append("/v1\"\n")
                .append("env_key = \"" + KEY_VAR + "\"\n")
                .append("wire_api = \"responses\"\n")
                .append("\n[analytics]\nenabled = false\n");
        for (Path p : trusted) {
            toml.append("\n[projects.\"").append(p.toAbsolutePath()).append("\"]\ntrust_level = \"trusted\"\n");
        }
        Files.writeString(codexHome().resolve("config.toml"), toml.toString(), StandardCharsets.UTF_8);
        return this;
    }

    /** Runs {@code launcher hook codex} at every turn end (Codex's notify), as {@code gather install codex} would. */
    public CodexHome notifyHook(Path launcher) throws IOException {
        Path config = codexHome().resolve("config.toml");
        // a top-level key belongs before the first table; a JSON array of strings is a TOML array
        String notify = "notify = " + FakeModel.JSON.writeValueAsString(List.of(launcher.toString(), "hook", "codex"));
        Files.writeString(config, notify + "\n" + Files.readString(config), StandardCharsets.UTF_8);
        return this;
    }

    /**
     * Lets the model call gather's tools without asking, as a user who chose "Always allow" would
     * (the installer leaves that choice to the user): a test's turns must not wait on a dialog.
     */
    void approveGatherTools() throws IOException {
        Path config = codexHome().resolve("config.toml");
        String text = Files.readString(config);
        String table = "[mcp_servers.gather]\n";
        if (!text.contains(table)) {
            throw new IllegalStateException("gather install codex wrote no " + table.strip() + " into " + config);
        }
        Files.writeString(config, text.replace(table, table + "default_tools_approval_mode = \"approve\"\n"));
    }

    @Override
    void addHarnessEnv(Map<String, String> env) {
        env.put("CODEX_HOME", codexHome().toString());
        env.put(KEY_VAR, "sk-gather-test-0000");
    }

    /** Ends the background app server (and its updater) Codex started for this home, by their pid files. */
    public void stopServers() {
        Path dir = codexHome().resolve("app-server-daemon");
        for (String name : List.of("daemon.pid", "daemon-updater.pid")) {
            pid(dir.resolve(name)).flatMap(ProcessHandle::of).ifPresent(p -> {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
                try {
                    p.onExit().get(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | TimeoutException e) {
                    p.destroyForcibly();
                }
            });
        }
    }

    private static Optional<Long> pid(Path file) {
        try {
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            var m = Pattern.compile("\"pid\"\\s*:\\s*(\\d+)").matcher(Files.readString(file));
            return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
