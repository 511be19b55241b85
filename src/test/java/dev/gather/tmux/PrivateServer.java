package dev.gather.tmux;

import dev.gather.testing.TmuxServers;
import java.util.UUID;

/** A private tmux server for one test ({@code tmux -L gather-test-<uuid>}), killed afterwards. */
public final class PrivateServer {
    final String socket = "gather-test-" + UUID.randomUUID();
    public final TmuxConfig config = TmuxConfig.socket(socket);

    /** The server's socket name, as {@code tmux -L} and GATHER_TMUX_SOCKET take it. */
    public String socket() {
        return socket;
    }

    /** Closes {@code driver}, then kills the server whatever closing it did. */
    public void kill(Tmux driver) {
        try {
            driver.close();
        } finally {
            kill();
        }
    }

    /** Kills the server directly, whatever state the driver is in, and every process of it. */
    public void kill() {
        TmuxServers.kill(socket);
    }
}
