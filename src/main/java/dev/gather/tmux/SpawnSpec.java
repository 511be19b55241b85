package dev.gather.tmux;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A program to start in a new detached tmux session. */
public record SpawnSpec(
        String session, List<String> command, Map<String, String> env, Path workdir, int width, int height) {
    public SpawnSpec {
        Objects.requireNonNull(session, "session");
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("a pane needs a command");
        }
        env = Map.copyOf(env);
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("pane size must be positive (was " + width + "x" + height + ")");
        }
    }

    /** A spec with the default size 200x50 and no extra environment. */
    public static SpawnSpec of(String session, Path workdir, String... command) {
        return new SpawnSpec(session, List.of(command), Map.of(), workdir, 200, 50);
    }
}
