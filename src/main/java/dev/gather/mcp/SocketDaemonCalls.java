package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.server.UserError;
import java.io.IOException;
import java.util.List;

/** {@link DaemonCalls} over the daemon's Unix socket; starts a daemon when none answers. */
public final class SocketDaemonCalls implements DaemonCalls {
    private final DaemonClient client;

    public SocketDaemonCalls(DaemonClient client) {
        this.client = client;
    }

    @Override
    public ObjectNode call(String op, ObjectNode args) throws CallFailed {
        ObjectNode request = client.request(op);
        JsonNode thread = args.path("caller").path("thread");
        if (thread.isTextual()) {
            ((ObjectNode) request.path("caller")).put("thread", thread.asText());
        }
        args.properties().forEach(e -> {
            if (!List.of("op", "id", "caller", "on_behalf_of").contains(e.getKey())) {
                request.set(e.getKey(), e.getValue());
            }
        });
        JsonNode answer;
        try {
            answer = client.call(request);
        } catch (UserError e) {
            throw CallFailed.refused(e.getMessage());
        } catch (IOException | RuntimeException e) {
            throw CallFailed.unavailable("the gather daemon is not reachable (" + e.getMessage()
                    + "); run `gather status` in a terminal to see why");
        }
        ObjectNode result = answer.deepCopy();
        result.remove(List.of("ok", "id"));
        return result;
    }
}
