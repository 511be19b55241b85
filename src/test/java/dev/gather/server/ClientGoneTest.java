package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A client gone before its answer is written ends the conversation; it is not an op that failed. A
 * daemon told to stop closes its connections, and the answer to {@code shutdown} may meet a closed one:
 * that was logged as a failed request, with a stack trace, on every such stop.
 */
class ClientGoneTest {
    /** A connection the daemon closed while its answer was being written. */
    private static final Consumer<String> CLOSED = line -> {
        throw new UncheckedIOException(new ClosedByInterruptException());
    };

    @Test
    void anAnswerThatMeetsAClosedConnectionEndsTheConversation() {
        AtomicBoolean stopping = new AtomicBoolean();
        Dispatcher d = new Dispatcher().on("shutdown", r -> {
            stopping.set(true);
            return Dispatcher.JSON.createObjectNode().put("stopping", true);
        });

        boolean more = d.respond("{\"op\":\"shutdown\"}", CLOSED, () -> false);

        assertTrue(stopping.get(), "the op ran");
        assertFalse(more, "nothing more is read from a connection that is gone");
    }

    @Test
    void aStreamWhoseClientIsGoneBeforeItsFirstLineIsNotRun() {
        Dispatcher d = new Dispatcher().onStream("follow", r -> new StreamHandler.Stream() {
            @Override
            public ObjectNode head() {
                return Dispatcher.JSON.createObjectNode().put("following", true);
            }

            @Override
            public void run(Consumer<ObjectNode> out, BooleanSupplier gone) {
                throw new AssertionError("run for a client that never got the stream's first line");
            }
        });

        assertFalse(d.respond("{\"op\":\"follow\"}", CLOSED, () -> false));
    }
}
