package dev.gather.mcp;

/** A tool argument the server refuses before calling the daemon; the message says how to fix the call. */
final class BadArgument extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadArgument(String message) {
        super(message);
    }
}
