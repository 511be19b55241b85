package dev.gather.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.gather.home.Homes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Codex CLI: {@code notify} and {@code [mcp_servers.gather]} in {@code $CODEX_HOME/config.toml}. Codex
 * rewrites this file itself (its own {@code [tui]} settings on first start, {@code codex mcp add}), moving
 * or dropping gather's marker comments, so gather's entries are found by what they mean, not by the
 * markers: the top-level {@code notify} that runs {@code gather hook codex}, and the server table whose
 * command is this launcher with {@code args = ["mcp"]} (with whatever Codex added under it). Edits cut
 * lines and are checked by parsing (see {@link TomlText}); every other byte stays as it was. The markers
 * are only a note for the person reading the file.
 *
 * <p>Codex runs one notify program. A user who has one keeps it: install puts gather's hook in front of it
 * ({@code notify = [gather, "hook", "codex", "--", <theirs>…]}) and the hook runs theirs with the same
 * event; uninstall puts theirs back.
 */
final class CodexConfig implements HarnessConfig {
    static final String BEGIN = "# >>> gather (added by `gather install codex`; remove with --uninstall)";
    static final String END = "# <<< gather";
    /**
     * Codex starts MCP servers with a filtered environment; these reach {@code gather mcp} so it knows its
     * pane and talks to the same daemon (issue 14).
     */
    static final List<String> ENV = List.of("TMUX_PANE", "TMUX", "GATHER_HOME", "GATHER_TMUX_SOCKET");

    static final String ENV_VARS = "env_vars = " + TomlText.strings(ENV);

    static final String STARTUP_TIMEOUT = "startup_timeout_sec";

    /**
     * How long Codex waits for {@code gather mcp} to answer before it starts without gather's tools. Its own
     * wait (documented as 10 s; a start 30 s late fails in Codex 0.169) is less than a JVM can take on a
     * loaded machine, and that failure is one warning at the foot of Codex's screen. A {@code gather mcp}
     * that cannot start exits at once, so the longer wait is spent only on a slow start.
     */
    static final int STARTUP_SECONDS = 120;

    private static final Pattern NOTIFY_LINE = Pattern.compile("\\s*(notify|\"notify\"|'notify')\\s*=.*");
    private static final Pattern SERVER_HEADER =
            Pattern.compile("\\s*\\[\\s*mcp_servers\\s*\\.\\s*(gather|\"gather\"|'gather')\\s*\\]\\s*(#.*)?");

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

    private List<String> hook() {
        return List.of(launcher, "hook", "codex");
    }

    private String notifyLine(List<String> chained) {
        List<String> argv = new ArrayList<>(hook());
        if (!chained.isEmpty()) {
            argv.add("--");
            argv.addAll(chained);
        }
        return "notify = " + TomlText.strings(argv) + "\n";
    }

    private String serverBody() {
        return "[mcp_servers.gather]\ncommand = " + TomlText.string(launcher) + "\nargs = [\"mcp\"]\n" + ENV_VARS + "\n"
                + timeoutLine();
    }

    private static String timeoutLine() {
        return STARTUP_TIMEOUT + " = " + STARTUP_SECONDS + "\n";
    }

    private static String block(String body) {
        return BEGIN + "\n" + body + END + "\n";
    }

    /** What the user's own notify program was when {@code notify} is gather's hook; empty when it is not gather's. */
    private Optional<List<String>> chainedBehindUs(JsonNode notify) {
        Optional<List<String>> argv = TomlText.stringsOf(notify);
        if (argv.isEmpty() || argv.get().size() < 3 || !argv.get().subList(0, 3).equals(hook())) {
            return Optional.empty();
        }
        List<String> rest = argv.get().subList(3, argv.get().size());
        if (rest.isEmpty()) {
            return Optional.of(List.of());
        }
        return rest.get(0).equals("--") && rest.size() > 1
                ? Optional.of(List.copyOf(rest.subList(1, rest.size())))
                : Optional.empty();
    }

    /** A server table is gather's when it starts this launcher's {@code mcp}; what else is in it came with it. */
    private boolean oursServer(JsonNode server) {
        return server.path("command").asText("").equals(launcher)
                && TomlText.stringsOf(server.path("args")).equals(Optional.of(List.of("mcp")));
    }

    @Override
    public FileChange install(Path file, Optional<byte[]> current) throws InstallException {
        TomlText toml = TomlText.of(
                file, current.map(b -> new String(b, StandardCharsets.UTF_8)).orElse(""));
        ObjectNode tree = toml.tree();
        List<Entry> added = new ArrayList<>();
        JsonNode server = tree.path("mcp_servers").path("gather");
        if (!server.isMissingNode() && !oursServer(server)) {
            throw new InstallException(
                    file + ": already has its own mcp_servers.gather; it is left as it is. Remove it, then run again");
        }
        JsonNode notify = tree.path("notify");
        Optional<List<String>> theirs = Optional.empty();
        if (!notify.isMissingNode() && chainedBehindUs(notify).isEmpty()) {
            theirs = TomlText.stringsOf(notify).filter(a -> !a.isEmpty());
            if (theirs.isEmpty()) {
                throw new InstallException(file + ": notify is not a list of strings (a program and its arguments);"
                        + " fix it, then run again");
            }
        }
        if (!server.isMissingNode()
                && !server.path("env_vars").equals(tree.arrayNode().addAll(env()))) {
            // an earlier gather's table, before Codex was given the environment: replaced whole
            removeServer(file, toml);
            toml.dropEmptyPairs(BEGIN, END);
            server = MissingNode.getInstance();
        }
        List<String> leftAlone = new ArrayList<>();
        if (!server.isMissingNode() && !server.has(STARTUP_TIMEOUT)) {
            // an earlier gather's table, before it asked for time to start: the key goes in, and what
            // Codex wrote under the table (the user's tool approvals) stays
            if (addTimeout(toml)) {
                added.add(new Entry("mcp_servers.gather." + STARTUP_TIMEOUT, TextNode.valueOf(timeoutLine())));
            } else {
                leftAlone.add(file + ": gather's mcp_servers.gather is not written as a [mcp_servers.gather] table;"
                        + " add " + timeoutLine().strip() + " to it by hand");
            }
        }
        if (notify.isMissingNode()) {
            toml.prepend(block(notifyLine(List.of())));
            added.add(new Entry("notify", TextNode.valueOf(notifyLine(List.of()))));
        } else if (theirs.isPresent()) {
            List<String> chained = theirs.get();
            String line = notifyLine(chained);
            int at = toml.find(NOTIFY_LINE, 0)
                    .filter(i -> i < toml.firstHeader())
                    .orElse(-1);
            if (at < 0 || !toml.replace(at, block(line), t -> t.set("notify", notifyArray(t, chained)))) {
                throw new InstallException(file + ": cannot find the line that sets notify; put it on a line of its"
                        + " own before any [table], then run again");
            }
            added.add(new Entry("notify", TextNode.valueOf(line)));
        }
        if (server.isMissingNode()) {
            toml.append(block(serverBody()));
            added.add(new Entry("mcp_servers.gather", TextNode.valueOf(serverBody())));
        }
        if (added.isEmpty()) {
            return new FileChange(Optional.of(current.orElseThrow()), List.of(), leftAlone);
        }
        return new FileChange(Optional.of(toml.text().getBytes(StandardCharsets.UTF_8)), added, leftAlone);
    }

    private static boolean addTimeout(TomlText toml) throws InstallException {
        Optional<Integer> header = toml.find(SERVER_HEADER, 0);
        return header.isPresent()
                && toml.insertAfter(header.get(), timeoutLine(), t -> {
                    ((ObjectNode) t.path("mcp_servers").path("gather")).put(STARTUP_TIMEOUT, STARTUP_SECONDS);
                    return t;
                });
    }

    private List<JsonNode> env() {
        return ENV.stream().map(v -> (JsonNode) TextNode.valueOf(v)).toList();
    }

    private JsonNode notifyArray(ObjectNode t, List<String> chained) {
        var a = t.arrayNode();
        hook().forEach(a::add);
        a.add("--");
        chained.forEach(a::add);
        return a;
    }

    @Override
    public FileChange uninstall(Path file, byte[] current, Set<String> installed) throws InstallException {
        // Codex's entries stand between gather's own markers ("added by `gather install codex`"), which
        // are the record here: an older gather wrote them before install.log existed
        TomlText toml = TomlText.of(file, new String(current, StandardCharsets.UTF_8));
        ObjectNode tree = toml.tree();
        List<Entry> removed = new ArrayList<>();
        List<String> leftAlone = new ArrayList<>();
        JsonNode server = tree.path("mcp_servers").path("gather");
        if (!server.isMissingNode()) {
            if (!oursServer(server)) {
                leftAlone.add(file + ": mcp_servers.gather does not start " + launcher
                        + " mcp (edited by hand; left as it is)");
            } else if (removeServer(file, toml)) {
                removed.add(new Entry("mcp_servers.gather", TextNode.valueOf(serverBody())));
            } else {
                leftAlone.add(file + ": gather's mcp_servers.gather is not written as a [mcp_servers.gather] table;"
                        + " left as it is, remove it by hand");
            }
        }
        Optional<List<String>> theirs = chainedBehindUs(tree.path("notify"));
        if (theirs.isPresent()) {
            int at = toml.find(NOTIFY_LINE, 0)
                    .filter(i -> i < toml.firstHeader())
                    .orElse(-1);
            String back = theirs.get().isEmpty() ? "" : "notify = " + TomlText.strings(theirs.get()) + "\n";
            boolean done = at >= 0
                    && toml.replace(at, back, t -> {
                        if (theirs.get().isEmpty()) {
                            t.remove("notify");
                        } else {
                            var a = t.arrayNode();
                            theirs.get().forEach(a::add);
                            t.set("notify", a);
                        }
                        return t;
                    });
            if (done) {
                removed.add(new Entry("notify", TextNode.valueOf(notifyLine(theirs.get()))));
            } else {
                leftAlone.add(file + ": gather's notify is not on a line of its own; left as it is, remove it by hand");
            }
        }
        if (removed.isEmpty()) {
            return new FileChange(Optional.of(current), removed, leftAlone);
        }
        if (leftAlone.isEmpty()) {
            toml.dropLines(BEGIN);
            toml.dropLines(END);
        } else {
            toml.dropEmptyPairs(BEGIN, END);
        }
        String user = toml.text();
        return new FileChange(
                user.isBlank() ? Optional.empty() : Optional.of(user.getBytes(StandardCharsets.UTF_8)),
                removed,
                leftAlone);
    }

    /** Cuts the {@code [mcp_servers.gather]} table, with any sub-tables Codex wrote under it. */
    private static boolean removeServer(Path file, TomlText toml) throws InstallException {
        Optional<Integer> header = toml.find(SERVER_HEADER, 0);
        return header.isPresent()
                && toml.replace(header.get(), "", t -> {
                    JsonNode servers = t.path("mcp_servers");
                    if (servers instanceof ObjectNode s) {
                        s.remove("gather");
                    }
                    return t;
                });
    }

    @Override
    public boolean sameMeaning(byte[] a, byte[] b) {
        return TomlText.sameMeaning(new String(a, StandardCharsets.UTF_8), new String(b, StandardCharsets.UTF_8));
    }
}
