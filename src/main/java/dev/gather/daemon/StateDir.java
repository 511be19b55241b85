package dev.gather.daemon;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Where one gather installation keeps its state: {@code $GATHER_HOME}, else {@code
 * $XDG_STATE_HOME/gather}, else {@code ~/.local/state/gather}. Everything that must agree on a path
 * (daemon, clients, the shell hook in bin/gather) derives it from here.
 */
public record StateDir(Path root) {
    public StateDir {
        Objects.requireNonNull(root, "root");
        root = root.toAbsolutePath().normalize();
    }

    /** The state directory for this process's environment. */
    public static StateDir fromEnvironment() {
        return from(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    static StateDir from(Map<String, String> env, Path home) {
        String explicit = env.get("GATHER_HOME");
        if (explicit != null && !explicit.isBlank()) {
            return new StateDir(Path.of(explicit));
        }
        String xdg = env.get("XDG_STATE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".local/state");
        return new StateDir(base.resolve("gather"));
    }

    /** The daemon's Unix socket (owner-only). */
    public Path socket() {
        return root.resolve("daemon.sock");
    }

    /** Lock file held by the one running daemon. */
    public Path lock() {
        return root.resolve("daemon.lock");
    }

    /** The daemon's log file. */
    public Path log() {
        return root.resolve("daemon.log");
    }

    /** Append-only JSONL journals, one per link or gathering. */
    public Path journals() {
        return root.resolve("journal");
    }

    /**
     * Hook events dropped by {@code gather hook} (one file each, written to {@code spool/tmp} then
     * renamed into {@code spool/in}) for the daemon to pick up.
     */
    public Path spool() {
        return root.resolve("spool");
    }
}
