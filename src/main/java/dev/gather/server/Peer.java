package dev.gather.server;

/**
 * Who sent a request: a process on the socket (its pid from the kernel, {@link #UNKNOWN} when the
 * kernel would not say), or code inside the daemon's own process (the demo, tests), which is trusted
 * to name its pane.
 */
public record Peer(long pid) {
    public static final Peer IN_PROCESS = new Peer(-1);
    public static final Peer UNKNOWN = new Peer(0);

    public boolean inProcess() {
        return pid == -1;
    }
}
