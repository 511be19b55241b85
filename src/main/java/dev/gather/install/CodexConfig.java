package dev.gather.install;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Codex CLI: {@code notify} and {@code [mcp_servers.gather]} in {@code ~/.codex/config.toml}. Edited as
 * text between marker comments rather than parsed, so gather needs no TOML library and every byte
 * outside its blocks (comments, ordering, formatting) stays exactly as the user wrote it. {@code notify}
 * is a top-level key, so its block goes first (before any table); the server table goes last.
 */
final class CodexConfig implements HarnessConfig {
    static final String BEGIN = "# >>> gather (added by `gather install codex`; remove with --uninstall)";
    static final String END = "# <<< gather";
    private static final Pattern USER_NOTIFY = Pattern.compile("(?m)^\\s*notify\\s*=");
    private static final Pattern USER_SERVER = Pattern.compile("(?m)^\\s*\\[\\s*mcp_servers\\.\"?gather\"?\\s*\\]");
    private static final Pattern BLOCK =
            Pattern.compile("(?s)" + Pattern.quote(BEGIN) + "\n.*?" + Pattern.quote(END) + "\n");

    private final Path config;
    private final String launcher;

    CodexConfig(Path home, String launcher) {
        this.config = home.resolve(".codex/config.toml");
        this.launcher = launcher;
    }

    @Override
    public List<Path> files() {
        return List.of(config);
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private String notifyBlock() {
        return BEGIN + "\nnotify = [" + quoted(launcher) + ", \"hook\", \"codex\"]\n" + END + "\n";
    }

    private String serverBlock() {
        return BEGIN + "\n[mcp_servers.gather]\ncommand = " + quoted(launcher) + "\nargs = [\"mcp\"]\n" + END + "\n";
    }

    @Override
    public byte[] install(Path file, Optional<byte[]> current) throws InstallException {
        String text = current.map(b -> new String(b, StandardCharsets.UTF_8)).orElse("");
        String user = BLOCK.matcher(text).replaceAll("");
        if (USER_NOTIFY.matcher(user).find()) {
            throw new InstallException(file + ": already sets notify (Codex runs only one notify program);"
                    + " remove that line or make it call '" + launcher + " hook codex', then run again");
        }
        if (USER_SERVER.matcher(user).find()) {
            throw new InstallException(file + ": already has [mcp_servers.gather]; remove it, then run again");
        }
        String separator = user.isEmpty() || user.endsWith("\n") ? "" : "\n";
        return (notifyBlock() + user + separator + serverBlock()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Optional<byte[]> uninstall(Path file, byte[] current) {
        String user = BLOCK.matcher(new String(current, StandardCharsets.UTF_8)).replaceAll("");
        return user.isBlank() ? Optional.empty() : Optional.of(user.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean sameMeaning(byte[] a, byte[] b) {
        return new String(a, StandardCharsets.UTF_8).strip().equals(new String(b, StandardCharsets.UTF_8).strip());
    }
}
