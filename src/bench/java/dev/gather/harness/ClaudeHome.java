package dev.gather.harness;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A private, offline home for a real Claude Code: onboarding done, the dummy API key approved, the
 * working folder trusted, tool calls asking permission (the default mode, auto mode off), telemetry,
 * auto-update and non-essential traffic off, its model calls sent to a {@link FakeAnthropic}. Nothing of the user's own {@code ~/.claude} is read or written.
 */
public final class ClaudeHome extends HarnessHome {
    static final String KEY = "sk-ant-gather-test-0000000000000000000000000000";

    public ClaudeHome(Path home, FakeModel model) {
        super(home, model);
    }

    /** Writes the config files; {@code trusted} folders skip the folder-trust dialog. */
    public ClaudeHome prepare(List<Path> trusted) throws IOException {
        Files.createDirectories(home.resolve(".claude"));
        ObjectNode config = FakeModel.JSON
                .createObjectNode()
                .put("hasCompletedOnboarding", true)
                .put("lastOnboardingVersion", "99.0.0")
                .put("theme", "dark")
                .put("autoUpdates", false)
                .put("bypassPermissionsModeAccepted", false);
        config.putObject("customApiKeyResponses").putArray("approved").add(KEY.substring(KEY.length() - 20));
        ObjectNode projects = config.putObject("projects");
        for (Path p : trusted) {
            projects.putObject(p.toAbsolutePath().toString())
                    .put("hasTrustDialogAccepted", true)
                    .put("hasCompletedProjectOnboarding", true);
        }
        writeJson(home.resolve(".claude.json"), config);
        // tool calls ASK (the default mode), as for a user who never chose otherwise: 2.1.330 starts in
        // auto mode and offers to keep it with a selection list, which disableAutoMode turns off
        ObjectNode settings = FakeModel.JSON.createObjectNode();
        ObjectNode permissions =
                settings.putObject("permissions").put("defaultMode", "default").put("disableAutoMode", "disable");
        // gather's own MCP tools run unasked, as a user who installed gather would allow them; every
        // other tool (Bash above all) still asks
        permissions.putArray("allow").add("mcp__gather");
        writeJson(home.resolve(".claude/settings.json"), settings);
        return this;
    }

    /**
     * Runs {@code launcher hook claude} at every turn end (Stop), session start and prompt, as {@code
     * gather install claude} would: the last two carry the session's messaging socket (its door) and
     * show a message handed through it was taken.
     */
    public ClaudeHome hooks(Path launcher) throws IOException {
        for (String event : List.of("Stop", "SessionStart", "UserPromptSubmit")) {
            SettingsHooks.add(home.resolve(".claude/settings.json"), event, "", launcher + " hook claude");
        }
        return this;
    }

    @Override
    void addHarnessEnv(Map<String, String> env) {
        env.put("ANTHROPIC_BASE_URL", model.baseUrl());
        env.put("ANTHROPIC_API_KEY", KEY);
        env.put("DISABLE_AUTOUPDATER", "1");
        env.put("DISABLE_TELEMETRY", "1");
        env.put("DISABLE_ERROR_REPORTING", "1");
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        env.put("CLAUDE_CODE_DISABLE_TERMINAL_TITLE", "0");
        // MCP tools in the request's tool list, not deferred behind ToolSearch: the fake calls them directly
        env.put("ENABLE_TOOL_SEARCH", "false");
    }
}
