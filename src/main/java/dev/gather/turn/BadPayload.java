package dev.gather.turn;

/** A hook payload that cannot be turned into a turn output; the message says why. */
public final class BadPayload extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadPayload(String message) {
        super(message);
    }
}
