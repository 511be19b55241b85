package dev.gather.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/** Splits a byte stream into lines, each handed on whole (with its newline) or, past {@link #KEPT}, in pieces. */
final class BoundedStreamLines {
    /**
     * Longest line kept whole (to be noted for a next daemon): the handshake and ordinary calls. A
     * longer one goes to the daemon in pieces and is not noted, so it is not answered for a daemon
     * that goes while it runs.
     */
    private static final int KEPT = 256 << 10;

    /** Writing to the client failed: nobody reads the answers. */
    static final class ClientGone extends IOException {
        private static final long serialVersionUID = 1L;
    }

    interface Sink {
        void accept(byte[] bytes, boolean whole) throws IOException;
    }

    private final Sink sink;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean overlong;

    BoundedStreamLines(Sink sink) {
        this.sink = sink;
    }

    void accept(byte[] buf, int n) throws IOException {
        int from = 0;
        for (int i = 0; i < n; i++) {
            if (buf[i] == '\n') {
                line.write(buf, from, i + 1 - from);
                emit(!overlong);
                overlong = false;
                from = i + 1;
            }
        }
        line.write(buf, from, n - from);
        if (overlong || line.size() > KEPT) {
            // passed on as it comes, never held: the daemon's gate answers a line past its bound,
            // and this JVM's small heap could not hold one (it died of OutOfMemoryError, and with
            // its reader gone it neither answered nor saw its client leave)
            emit(false);
            overlong = true;
        }
    }

    private void emit(boolean whole) throws IOException {
        byte[] bytes = line.toByteArray();
        line.reset();
        try {
            sink.accept(bytes, whole);
        } catch (IOException e) {
            throw new ClientGone();
        }
    }
}
