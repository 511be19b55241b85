package dev.gather.turn;

/** A hook event that cannot be turned into a turn output; the message says what was wrong, in one line. */
public final class HookRejected extends Exception {
    private static final long serialVersionUID = 1L;

    public HookRejected(String message) {
        super(message);
    }

    public HookRejected(String message, Throwable cause) {
        super(message, cause);
    }
}
