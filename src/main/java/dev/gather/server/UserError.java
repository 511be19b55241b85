package dev.gather.server;

/** A request the daemon refuses; the message is one line the caller can fix its call from. */
public final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UserError(String message) {
        super(message);
    }
}
