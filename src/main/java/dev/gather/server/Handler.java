package dev.gather.server;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** One op of the protocol. Throws {@link UserError} to refuse; anything else is a bug, logged. */
@FunctionalInterface
public interface Handler {
    ObjectNode handle(Request request) throws Exception;
}
