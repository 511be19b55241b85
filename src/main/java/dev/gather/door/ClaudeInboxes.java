package dev.gather.door;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * gather's reply inboxes, one per Claude sockets directory, opened when a door first needs one
 * (Claude answers only into its own directory, and sessions started with another {@code
 * XDG_RUNTIME_DIR} use another). Late receipts of every inbox go to one listener.
 */
public final class ClaudeInboxes implements AutoCloseable {
    private final Consumer<LateReceipt> late;
    private final Map<Path, ClaudeInbox> byDir = new HashMap<>();
    private boolean closed;

    /** @param late told of a receipt that came after its door stopped waiting (released, denied, expired) */
    public ClaudeInboxes(Consumer<LateReceipt> late) {
        this.late = Objects.requireNonNull(late, "late");
    }

    /** The inbox in {@code dir}, opened now if none is. */
    public synchronized ClaudeInbox in(Path dir) throws IOException {
        if (closed) {
            throw new IOException("gather's Claude reply inboxes are closed (the daemon is stopping)");
        }
        ClaudeInbox inbox = byDir.get(dir);
        if (inbox == null) {
            inbox = ClaudeInbox.open(dir, late);
            byDir.put(dir, inbox);
        }
        return inbox;
    }

    @Override
    public synchronized void close() {
        closed = true;
        byDir.values().forEach(ClaudeInbox::close);
        byDir.clear();
    }
}
