package dev.gather.daemon;

/**
 * Who sent a request: a process on the socket (its pid from the kernel, {@link #UNKNOWN} when the
 * kernel would not say), or code inside the daemon's own process (the demo, tests), which is trusted
 * to name its pane.
 */
record Peer(long pid) {
    static final Peer IN_PROCESS = new Peer(-1);
    static final Peer UNKNOWN = new Peer(0);

    boolean inProcess() {
        return pid == -1;
    }
}
