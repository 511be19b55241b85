package dev.gather.harness;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A private, offline home for a real Gemini CLI: API-key auth against a {@link FakeGemini} (its base
 * URL in {@code GOOGLE_GEMINI_BASE_URL}), folder trust, auto-update, usage statistics and telemetry
 * off, tips hidden. Nothing of the user's own {@code ~/.gemini} is read or written.
 */
public final class GeminiHome extends HarnessHome {
    static final String KEY = "gather-test-gemini-key";

    public GeminiHome(Path home, FakeModel model) {
        super(home, model);
    }

    /** Writes settings.json; {@code trusted} folders are trusted (folder trust is also off). */
    public GeminiHome prepare(List<Path> trusted) throws IOException {
        Path dir = Files.createDirectories(home.resolve(".gemini"));
        ObjectNode settings = FakeModel.JSON.createObjectNode();
        ObjectNode security = settings.putObject("security");
        security.putObject("auth").put("selectedType", "gemini-api-key");
        security.putObject("folderTrust").put("enabled", false);
        settings.putObject("general").put("disableAutoUpdate", true).put("disableUpdateNag", true);
        settings.putObject("privacy").put("usageStatisticsEnabled", false);
        settings.putObject("telemetry").put("enabled", false);
        settings.putObject("ui").put("hideTips", true);
        writeJson(dir.resolve("settings.json"), settings);
        ObjectNode folders = FakeModel.JSON.createObjectNode();
        for (Path p : trusted) {
            folders.put(p.toAbsolutePath().toString(), "TRUST_FOLDER");
        }
        writeJson(dir.resolve("trustedFolders.json"), folders);
        return this;
    }

    /** Runs {@code launcher hook gemini} at every turn end (AfterAgent), as {@code gather install gemini} would. */
    public GeminiHome afterAgentHook(Path launcher) throws IOException {
        SettingsHooks.add(home.resolve(".gemini/settings.json"), "AfterAgent", "*", launcher + " hook gemini");
        return this;
    }

    @Override
    void addHarnessEnv(Map<String, String> env) {
        env.put("GEMINI_API_KEY", KEY);
        env.put("GOOGLE_GEMINI_BASE_URL", model.baseUrl());
        // Gemini CLI runs headless (reads a prompt from stdin, then exits) whenever CI=true, and CI
        // sets it for the whole run, tmux's server and so every pane included; a user's terminal does not
        env.put("CI", "false");
    }
}
