package dev.gather.server;

import java.io.UncheckedIOException;
import java.util.function.Consumer;

/**
 * A client that could not be written to: it went, or the daemon is closing its connection (a stop
 * interrupts the thread writing the answer to {@code shutdown}). Its own kind, so that the end of a
 * conversation is told apart from an op's failure, which is logged with its trace; unchecked I/O all
 * the same, so that whoever holds the connection ends it as before.
 */
final class ClientGone extends UncheckedIOException {
    private ClientGone(UncheckedIOException failed) {
        super(failed.getMessage(), failed.getCause());
    }

    /** {@code out}, whose failures to write throw a {@code ClientGone}. */
    static Consumer<String> watching(Consumer<String> out) {
        return line -> {
            try {
                out.accept(line);
            } catch (UncheckedIOException e) {
                throw new ClientGone(e);
            }
        };
    }
}
