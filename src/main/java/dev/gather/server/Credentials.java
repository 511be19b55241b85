package dev.gather.server;

import java.io.IOException;
import org.newsclub.net.unix.AFUNIXSocketChannel;
import org.newsclub.net.unix.AFUNIXSocketCredentials;

/** What the kernel said of the process at the other end: its pid and user id, each 0 or less when unsaid. */
record Credentials(long pid, long uid) {
    static final Credentials UNSAID = new Credentials(0, PeerUser.UNKNOWN);

    /** Who is at the other end, asked of the kernel once: its user and its pid both come from this one answer. */
    static Credentials of(AFUNIXSocketChannel client) {
        try {
            AFUNIXSocketCredentials c = client.getPeerCredentials();
            return c == null ? UNSAID : new Credentials(c.getPid(), c.getUid());
        } catch (IOException | UnsupportedOperationException e) {
            return UNSAID;
        }
    }
}
