package dev.gather.tmux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

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

    /** Kills the server directly, whatever state the driver is in. */
    public void kill() {
        try {
            Process p = new ProcessBuilder("tmux", "-L", socket, "kill-server")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.waitFor(10, TimeUnit.SECONDS);
            // tmux leaves the socket file behind after kill-server
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            String base = System.getenv().getOrDefault("TMUX_TMPDIR", "/tmp");
            Files.deleteIfExists(Path.of(base, "tmux-" + uid, socket));
        } catch (IOException e) {
            throw new IllegalStateException("cannot run tmux to clean up " + socket, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
