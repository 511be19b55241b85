package dev.gather.tmux;

import java.util.Objects;

/** One tmux pane as the server sees it. */
public record Pane(String id, String session, int pid, String command, boolean dead) {
    public Pane {
        Objects.requireNonNull(id, "id");
        if (!id.startsWith("%")) {
            throw new IllegalArgumentException("pane ids look like %12 (was " + id + ")");
        }
        session = session == null ? "" : session;
        command = command == null ? "" : command;
    }
}
