package dev.gather.server;

import java.util.Optional;

/**
 * Whether the process at the other end of the daemon's socket runs as the user the daemon serves,
 * from the user id the kernel attached to the connection (SO_PEERCRED). The socket's own mode
 * (0600 in a 0700 folder) is the first wall; this is the second, for a socket or folder whose
 * mode was loosened (a restored backup, a shared {@code GATHER_HOME}, a chmod by hand).
 */
final class PeerUser {
    /** What the kernel answers when it gives no user id: this platform or socket does not say. */
    static final long UNKNOWN = -1;

    private PeerUser() {}

    /**
     * Why a peer running as {@code peerUid} is refused by a daemon serving {@code servedUid}; empty
     * when they are the same user, or when the kernel did not say (then the socket's mode is the wall).
     */
    static Optional<String> refusal(long peerUid, long servedUid) {
        if (peerUid < 0 || peerUid == servedUid) {
            return Optional.empty();
        }
        return Optional.of("refused: this process runs as user id " + peerUid + ", and this gather daemon serves"
                + " only user id " + servedUid + "; each user runs a daemon of their own (their own GATHER_HOME)");
    }
}
