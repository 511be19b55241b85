package dev.gather.tmux;

/**
 * tmux failed in a way the caller did not expect (server gone, bad command); says what and where, and
 * of which {@link Kind}, so a caller decides by the kind, never by the message's words.
 */
public final class TmuxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong, as far as a caller needs to know. */
    public enum Kind {
        /** The pane or window does not exist (it ended, or never was). */
        NO_PANE,
        /** No tmux server runs on the socket (never started, or gone with everything in it). */
        NO_SERVER,
        /** tmux gave no answer in time. */
        TIMED_OUT,
        /** Anything else: a command tmux refused, a driver closed, a wait interrupted. */
        FAILED;

        /**
         * The kind tmux's own error words name. tmux reports errors only as text, so its words are read
         * here, once, where they are received, and nowhere else.
         */
        static Kind said(String tmuxSaid) {
            String m = String.valueOf(tmuxSaid);
            if (m.contains("no server running") || m.contains("error connecting to") || m.contains("server exited")) {
                return NO_SERVER;
            }
            if (m.contains("can't find pane") || m.contains("can't find window")) {
                return NO_PANE;
            }
            return FAILED;
        }
    }

    private final Kind kind;

    public TmuxException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public TmuxException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** A failure of {@link Kind#FAILED}. */
    public TmuxException(String message) {
        this(Kind.FAILED, message);
    }

    /** A failure of {@link Kind#FAILED}. */
    public TmuxException(String message, Throwable cause) {
        this(Kind.FAILED, message, cause);
    }

    public Kind kind() {
        return kind;
    }

    /** Whether the pane is gone: it, its window or the whole server no longer exists. */
    public boolean paneGone() {
        return kind == Kind.NO_PANE || kind == Kind.NO_SERVER;
    }

    /** Whether the server is gone (or never ran). */
    public boolean serverGone() {
        return kind == Kind.NO_SERVER;
    }
}
