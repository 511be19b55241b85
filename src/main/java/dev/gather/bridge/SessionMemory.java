package dev.gather.bridge;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a {@code gather mcp} bridge keeps to carry its agent's session over a daemon restart: the
 * client's handshake, replayed to the new daemon (whose answer the client already had is dropped),
 * and the requests the old daemon never answered, which get an error saying so rather than silence.
 */
final class SessionMemory {
    /** JSON-RPC's code for a server error; the message says what to do. */
    private static final String LOST =
            "{\"code\":-32000,\"message\":\"the gather daemon restarted during this call and its outcome is"
                    + " unknown: check with gather status before calling again\"}";

    private String initialize;
    private String initializeId;
    private boolean initializeAnswered;
    private String initialized;
    private final Set<String> open = new LinkedHashSet<>();
    private final Set<String> abandoned = new LinkedHashSet<>();

    /** What to do on a new daemon: lines to send it first, whether its first answer is dropped, answers for the client. */
    record Rebuild(List<String> toDaemon, boolean dropFirstAnswer, List<String> toClient) {}

    /** A whole line from the client, before it goes to the daemon. */
    synchronized void fromClient(String line) {
        String method = TopLevel.member(line, "method");
        String id = TopLevel.member(line, "id");
        if ("\"initialize\"".equals(method)) {
            initialize = line;
            initializeId = id;
            initializeAnswered = false;
        } else if ("\"notifications/initialized\"".equals(method)) {
            initialized = line;
        }
        if (method != null && id != null && !id.equals("null")) {
            open.add(id);
        }
    }

    /** A line {@link #fromClient} saw that reached no daemon: it is sent again, as if for the first time. */
    synchronized void unsent(String line) {
        if (line.equals(initialize)) {
            initialize = null;
            initializeId = null;
        } else if (line.equals(initialized)) {
            initialized = null;
        }
        String id = TopLevel.member(line, "id");
        if (id != null) {
            open.remove(id);
        }
    }

    /**
     * A whole line from the daemon, before it goes to the client: an answer closes its request.
     * Returns whether it goes on to the client (not an answer to a call {@link #abandon}ed already).
     */
    synchronized boolean fromDaemon(String line) {
        if (TopLevel.member(line, "method") != null) {
            return true; // the server's own request or notification
        }
        String id = TopLevel.member(line, "id");
        if (id != null && abandoned.remove(id)) {
            return false;
        }
        if (id != null) {
            open.remove(id);
            if (id.equals(initializeId)) {
                initializeAnswered = true;
            }
        }
        return true;
    }

    /**
     * The daemon stopped answering: every call that waits (but the handshake, which the client times
     * out by itself) is answered with an error saying {@code why}, and its late answer, if one comes,
     * is dropped.
     */
    synchronized List<String> abandon(String why) {
        List<String> toClient = new ArrayList<>();
        for (var it = open.iterator(); it.hasNext(); ) {
            String id = it.next();
            if (!id.equals(initializeId)) {
                it.remove();
                abandoned.add(id);
                toClient.add("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32000,\"message\":"
                        + DaemonSocket.quote(why) + "}}");
            }
        }
        return toClient;
    }

    /** Whether a request waits for an answer. */
    synchronized boolean waiting() {
        return !open.isEmpty();
    }

    /** The session as a new daemon must see it; the requests lost with the old one are answered and forgotten. */
    synchronized Rebuild rebuild() {
        List<String> toDaemon = new ArrayList<>();
        if (initialize != null) {
            toDaemon.add(initialize);
        }
        if (initialized != null) {
            toDaemon.add(initialized);
        }
        List<String> toClient = new ArrayList<>();
        for (String id : open) {
            // an initialize still unanswered is answered by its replay
            if (!(id.equals(initializeId) && !initializeAnswered)) {
                toClient.add("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":" + LOST + "}");
            }
        }
        open.clear();
        if (initializeId != null && !initializeAnswered) {
            open.add(initializeId);
        }
        return new Rebuild(toDaemon, initialize != null && initializeAnswered, toClient);
    }
}
