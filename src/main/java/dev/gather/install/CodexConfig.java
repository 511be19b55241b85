package dev.gather.install;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.gather.home.Homes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Codex CLI: {@code notify} and {@code [mcp_servers.gather]} in {@code $CODEX_HOME/config.toml}. Edited as
 * text between marker comments rather than parsed, so gather needs no TOML library and every byte
 * outside its blocks (comments, ordering, formatting) stays exactly as the user wrote it. {@code notify}
 * is a top-level key, so its block goes first (before any table); the server table goes last.
 *
 * <p>A marked block is gather's only while it holds exactly what install writes (or what an earlier
 * gather wrote, so an upgrade replaces it); a block someone edited is theirs: install refuses, uninstall
 * leaves it.
 */
final class CodexConfig implements HarnessConfig {
    static final String BEGIN = "# >>> gather (added by `gather install codex`; remove with --uninstall)";
    static final String END = "# <<< gather";
    /**
     * Codex starts MCP servers with a filtered environment; these reach {@code gather mcp} so it knows its
     * pane and talks to the same daemon (issue 14).
     */
    static final String ENV_VARS = "env_vars = [\"TMUX_PANE\", \"TMUX\", \"GATHER_HOME\", \"GATHER_TMUX_SOCKET\"]";

    private static final Pattern USER_NOTIFY = Pattern.compile("(?m)^\\s*notify\\s*=");
    private static final Pattern USER_SERVER = Pattern.compile(
            "(?m)^\\s*(\\[\\s*mcp_servers\\s*\\.\\s*\"?gather\"?\\s*[\\].]|mcp_servers\\s*\\.\\s*\"?gather\"?\\s*[.=]"
                    + "|\"?gather\"?\\s*=\\s*\\{)");
    private static final Pattern BLOCK =
            Pattern.compile("(?s)" + Pattern.quote(BEGIN) + "\n(.*?)" + Pattern.quote(END) + "\n");

    private final Path config;
    private final String launcher;

    CodexConfig(Homes homes, String launcher) {
        this.config = homes.codexConfig();
        this.launcher = launcher;
    }

    @Override
    public String name() {
        return "codex";
    }

    @Override
    public List<Path> files() {
        return List.of(config);
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private String notifyBody() {
        return "notify = [" + quoted(launcher) + ", \"hook\", \"codex\"]\n";
    }

    private String serverBody() {
        return "[mcp_servers.gather]\ncommand = " + quoted(launcher) + "\nargs = [\"mcp\"]\n" + ENV_VARS + "\n";
    }

    /** The server block gather wrote before it passed Codex the environment; an install upgrades it. */
    private String oldServerBody() {
        return "[mcp_servers.gather]\ncommand = " + quoted(launcher) + "\nargs = [\"mcp\"]\n";
    }

    private static String block(String body) {
        return BEGIN + "\n" + body + END + "\n";
    }

    private boolean ours(String body) {
        return body.equals(notifyBody()) || body.equals(serverBody()) || body.equals(oldServerBody());
    }

    @Override
    public FileChange install(Path file, Optional<byte[]> current) throws InstallException {
        String text = current.map(b -> new String(b, StandardCharsets.UTF_8)).orElse("");
        List<String> bodies = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            if (!ours(m.group(1))) {
                throw new InstallException(file + ": a block between gather's markers was edited by hand (it"
                        + " holds: " + m.group(1).strip().replace("\n", " ") + "); it is left as it is. Remove"
                        + " the block or run 'gather install codex --uninstall' from the checkout that wrote it,"
                        + " then run again");
            }
            bodies.add(m.group(1));
        }
        if (bodies.equals(List.of(notifyBody(), serverBody()))) {
            return new FileChange(Optional.of(current.orElseThrow()), List.of(), List.of());
        }
        String user = BLOCK.matcher(text).replaceAll("");
        if (USER_NOTIFY.matcher(user).find()) {
            throw new InstallException(file + ": already sets notify (Codex runs only one notify program);"
                    + " remove that line or make it call '" + launcher + " hook codex', then run again");
        }
        if (USER_SERVER.matcher(user).find()) {
            throw new InstallException(
                    file + ": already has its own mcp_servers.gather; it is left as it is. Remove it, then run again");
        }
        String separator = user.isEmpty() || user.endsWith("\n") ? "" : "\n";
        String after = block(notifyBody()) + user + separator + block(serverBody());
        return new FileChange(
                Optional.of(after.getBytes(StandardCharsets.UTF_8)),
                List.of(
                        new Entry("notify", TextNode.valueOf(notifyBody())),
                        new Entry("mcp_servers.gather", TextNode.valueOf(serverBody()))),
                List.of());
    }

    @Override
    public FileChange uninstall(Path file, byte[] current) {
        String text = new String(current, StandardCharsets.UTF_8);
        List<Entry> removed = new ArrayList<>();
        List<String> leftAlone = new ArrayList<>();
        StringBuilder kept = new StringBuilder();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            String body = m.group(1);
            if (ours(body)) {
                m.appendReplacement(kept, "");
                removed.add(
                        new Entry(body.startsWith("notify") ? "notify" : "mcp_servers.gather", TextNode.valueOf(body)));
            } else {
                m.appendReplacement(kept, Matcher.quoteReplacement(m.group()));
                leftAlone.add(file + ": a block between gather's markers was edited by hand; left as it is");
            }
        }
        m.appendTail(kept);
        if (removed.isEmpty()) {
            return new FileChange(Optional.of(current), removed, leftAlone);
        }
        String user = kept.toString();
        return new FileChange(
                user.isBlank() ? Optional.empty() : Optional.of(user.getBytes(StandardCharsets.UTF_8)),
                removed,
                leftAlone);
    }

    @Override
    public boolean sameMeaning(byte[] a, byte[] b) {
        return new String(a, StandardCharsets.UTF_8).strip().equals(new String(b, StandardCharsets.UTF_8).strip());
    }
}
