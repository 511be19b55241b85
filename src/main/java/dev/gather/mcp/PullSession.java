package dev.gather.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What one MCP session holds as a member without a pane: the token {@code join} gave it (its
 * identity to the daemon) and the cursor of what it has heard. One per server, so the tools that
 * share it work alike whether the server runs as {@code gather mcp} or inside the daemon.
 */
final class PullSession {
    private String token;
    private String name;
    private long cursor;
    /** Gatherings this session started: it may end them as their owner, journalled as the operator. */
    private final Set<String> started = new HashSet<>();

    synchronized void started(String gathering) {
        started.add(gathering);
    }

    synchronized boolean startedHere(String gathering) {
        return started.contains(gathering);
    }

    synchronized Optional<String> token() {
        return Optional.ofNullable(token);
    }

    synchronized String name() {
        return name;
    }

    synchronized long cursor() {
        return cursor;
    }

    /** The token a call needs; a clear error for a session that has not joined. */
    synchronized String required(String tool) {
        if (token == null) {
            throw new BadArgument(tool + ": join a gathering or link first (join with a name and no pane)");
        }
        return token;
    }

    synchronized void joined(ObjectNode result) {
        if (result.hasNonNull("token")) {
            token = result.path("token").asText();
            name = result.path("member").path("name").asText();
            cursor = result.path("cursor").asLong();
        }
    }

    synchronized void heard(long upTo) {
        cursor = Math.max(cursor, upTo);
    }

    synchronized void left() {
        token = null;
        name = null;
        cursor = 0;
    }
}
