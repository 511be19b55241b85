package dev.gather.tmux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which tmux server gather talks to: {@code socket} is the {@code -L} name, or a socket path (with a
 * {@code /}, given as {@code -S}), empty for the user's normal server.
 */
public record TmuxConfig(String binary, Optional<String> socket) {
    /** The environment variable that names the socket ({@code tmux -L <name>}). */
    public static final String SOCKET_ENV = "GATHER_TMUX_SOCKET";

    public TmuxConfig {
        Objects.requireNonNull(binary, "binary");
        socket = socket.filter(s -> !s.isBlank());
    }

    /**
     * The server {@code GATHER_TMUX_SOCKET} names; else, for a caller inside tmux, the server of its own
     * pane (the socket path {@code $TMUX} starts with); else the user's normal server.
     */
    public static TmuxConfig fromEnv(Map<String, String> env) {
        Optional<String> named = Optional.ofNullable(env.get(SOCKET_ENV)).filter(s -> !s.isBlank());
        return new TmuxConfig("tmux", named.or(() -> callersServer(env.get("TMUX"))));
    }

    /**
     * The socket path in {@code $TMUX}, which tmux sets in its panes as {@code path,server-pid,session};
     * the path may itself hold commas, so the last two fields are cut off.
     */
    public static Optional<String> callersServer(String tmux) {
        if (tmux == null) {
            return Optional.empty();
        }
        int session = tmux.lastIndexOf(',');
        int pid = session < 0 ? -1 : tmux.lastIndexOf(',', session - 1);
        return pid > 0 && tmux.startsWith("/") ? Optional.of(tmux.substring(0, pid)) : Optional.empty();
    }

    /** A private server, as tests and benchmarks use. */
    public static TmuxConfig socket(String name) {
        return new TmuxConfig("tmux", Optional.of(name));
    }

    /** {@code tmux [-L socket]} followed by {@code args}. */
    List<String> argv(List<String> args) {
        List<String> argv = new ArrayList<>();
        argv.add(binary);
        socket.ifPresent(s -> {
            argv.add(isPath(s) ? "-S" : "-L");
            argv.add(s);
        });
        argv.addAll(args);
        return argv;
    }

    /**
     * Deletes the socket file of a named ({@code -L}) server after it was killed; tmux leaves it
     * behind. The user's default server and one named by its path (the caller's own) are never touched.
     */
    void removeSocketFile() {
        if (socket.isEmpty() || isPath(socket.get())) {
            return;
        }
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            String base = System.getenv().getOrDefault("TMUX_TMPDIR", "/tmp");
            Files.deleteIfExists(Path.of(base, "tmux-" + uid, socket.get()));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // best effort: a stale socket file is harmless, tmux replaces it on the next start
        }
    }

    /** Names the server in messages. */
    public String describe() {
        return socket.map(s -> "tmux server " + (isPath(s) ? "-S " : "-L ") + s).orElse("the default tmux server");
    }

    private static boolean isPath(String socket) {
        return socket.contains("/");
    }
}
