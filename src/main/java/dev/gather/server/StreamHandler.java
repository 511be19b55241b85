package dev.gather.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * An op that answers with a stream: {@link #open} checks the request and gives the first line's result
 * (throwing {@link UserError} refuses it, as for a {@link Handler}); the returned stream then writes one
 * line per item until it ends or the client goes.
 */
@FunctionalInterface
public interface StreamHandler {
    Stream open(Request request) throws Exception;

    /** An opened stream: its first answer, then its lines. */
    public interface Stream {
        ObjectNode head();

        void run(Consumer<ObjectNode> out, BooleanSupplier gone) throws Exception;
    }
}
