package dev.gather.journal;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;

/**
 * A journal entry could not be written (full disk, read-only file): nothing that depends on it may
 * be delivered, and the caller keeps what it was given to try again.
 */
public final class JournalUnavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The reason given once the daemon closed its journals: expected at shutdown, not a fault. */
    public static final String CLOSING = "the daemon is closing";

    private final String reason;

    public JournalUnavailable(String journal, String reason, Throwable cause) {
        super("cannot write journal " + journal + " (" + reason + ")", cause);
        this.reason = reason;
    }

    /** {@code file}, a journal or what is kept beside it (a harvest), could not be written: {@code e} says why. */
    public static JournalUnavailable of(Path file, Throwable e) {
        return new JournalUnavailable(file.getFileName().toString(), reasonOf(e), e);
    }

    /** What the file system said, e.g. "No space left on device". */
    public String reason() {
        return reason;
    }

    /** Refused only because the daemon is shutting down. */
    public boolean closing() {
        return CLOSING.equals(reason);
    }

    static String reasonOf(Throwable e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof ReadOnlyFileSystemException) {
            return "read-only file system";
        }
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
