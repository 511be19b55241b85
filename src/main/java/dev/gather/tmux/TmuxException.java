package dev.gather.tmux;

/** tmux failed in a way the caller did not expect (server gone, bad command); says what and where. */
public final class TmuxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TmuxException(String message) {
        super(message);
    }

    public TmuxException(String message, Throwable cause) {
        super(message, cause);
    }
}
