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
 * Which tmux server gather talks to: {@code socket} is the {@code -L} name, empty for the user's
 * normal server.
 */
public record TmuxConfig(String binary, Optional<String> socket) {
    /** The environment variable that names the socket ({@code tmux -L <name>}). */
    public static final String SOCKET_ENV = "GATHER_TMUX_SOCKET";

    public TmuxConfig {
        Objects.requireNonNull(binary, "binary");
        socket = socket.filter(s -> !s.isBlank());
    }

    /** The user's normal server, or the one {@code GATHER_TMUX_SOCKET} names. */
    public static TmuxConfig fromEnv(Map<String, String> env) {
        return new TmuxConfig("tmux", Optional.ofNullable(env.get(SOCKET_ENV)));
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
            argv.add("-L");
            argv.add(s);
        });
        argv.addAll(args);
        return argv;
    }

    /**
     * Deletes the socket file of a named ({@code -L}) server after it was killed; tmux leaves it
     * behind. The user's default server is never touched.
     */
    void removeSocketFile() {
        if (socket.isEmpty()) {
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
    String describe() {
        return socket.map(s -> "tmux server -L " + s).orElse("the default tmux server");
    }
}
