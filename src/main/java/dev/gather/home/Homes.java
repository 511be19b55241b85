package dev.gather.home;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every home gather reads or writes, resolved once from one environment: the user's, the XDG base
 * directories, gather's state directory and each harness's config home.
 *
 * <p>The user's home is {@code $HOME}, as the shell hook in bin/gather and the harnesses (Node's
 * {@code os.homedir()}) read it, not Java's {@code user.home}, which comes from the password database
 * and differs when {@code HOME} was changed; {@code user.home} is used only when the environment has no
 * {@code HOME} at all.
 *
 * @param user {@code $HOME}
 * @param xdgState {@code $XDG_STATE_HOME}, else {@code ~/.local/state}
 * @param xdgConfig {@code $XDG_CONFIG_HOME}, else {@code ~/.config}
 * @param xdgCache {@code $XDG_CACHE_HOME}, else {@code ~/.cache}
 * @param state gather's own state directory ({@link StateDir})
 * @param claude Claude Code's config directory: {@code $CLAUDE_CONFIG_DIR}, else {@code ~/.claude}
 * @param claudeJson Claude Code's user state file with the user-scope MCP servers: {@code
 *     $CLAUDE_CONFIG_DIR/.claude.json} when that is set, else {@code ~/.claude.json}
 * @param codex Codex CLI's home: {@code $CODEX_HOME}, else {@code ~/.codex}
 * @param gemini Gemini CLI's config directory: {@code $GEMINI_CLI_HOME/.gemini}, else {@code ~/.gemini}
 */
public record Homes(
        Path user,
        Path xdgState,
        Path xdgConfig,
        Path xdgCache,
        StateDir state,
        Path claude,
        Path claudeJson,
        Path codex,
        Path gemini) {

    /** The environment variables that move a harness's home away from {@code $HOME}. */
    public static final List<String> HARNESS_VARIABLES = List.of("CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME");

    public Homes {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(xdgState, "xdgState");
        Objects.requireNonNull(xdgConfig, "xdgConfig");
        Objects.requireNonNull(xdgCache, "xdgCache");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(claude, "claude");
        Objects.requireNonNull(claudeJson, "claudeJson");
        Objects.requireNonNull(codex, "codex");
        Objects.requireNonNull(gemini, "gemini");
    }

    /** The homes of this process's environment. */
    public static Homes fromEnvironment() {
        return of(System.getenv());
    }

    /** The homes an environment names (tests pass their own map). */
    public static Homes of(Map<String, String> env) {
        Path user = set(env, "HOME") ? absolute(env.get("HOME")) : absolute(System.getProperty("user.home"));
        Path claude = set(env, "CLAUDE_CONFIG_DIR") ? absolute(env.get("CLAUDE_CONFIG_DIR")) : user.resolve(".claude");
        Path claudeJson = (set(env, "CLAUDE_CONFIG_DIR") ? claude : user).resolve(".claude.json");
        return new Homes(
                user,
                xdg(env, "XDG_STATE_HOME", user.resolve(".local/state")),
                xdg(env, "XDG_CONFIG_HOME", user.resolve(".config")),
                xdg(env, "XDG_CACHE_HOME", user.resolve(".cache")),
                StateDir.from(env, user),
                claude,
                claudeJson,
                set(env, "CODEX_HOME") ? absolute(env.get("CODEX_HOME")) : user.resolve(".codex"),
                (set(env, "GEMINI_CLI_HOME") ? absolute(env.get("GEMINI_CLI_HOME")) : user).resolve(".gemini"));
    }

    /** The same harness homes, with gather's state in {@code other} (a daemon serving a state directory it was given). */
    public Homes withState(StateDir other) {
        return new Homes(user, xdgState, xdgConfig, xdgCache, other, claude, claudeJson, codex, gemini);
    }

    /** Claude Code's user settings (hooks live here). */
    public Path claudeSettings() {
        return claude.resolve("settings.json");
    }

    /** Codex CLI's config file. */
    public Path codexConfig() {
        return codex.resolve("config.toml");
    }

    /** Gemini CLI's user settings (hooks and MCP servers). */
    public Path geminiSettings() {
        return gemini.resolve("settings.json");
    }

    static boolean set(Map<String, String> env, String name) {
        String value = env.get(name);
        return value != null && !value.isEmpty();
    }

    private static Path xdg(Map<String, String> env, String name, Path fallback) {
        return set(env, name) ? absolute(env.get(name)) : fallback;
    }

    private static Path absolute(String path) {
        return Path.of(path).toAbsolutePath().normalize();
    }
}
