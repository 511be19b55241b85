package dev.gather.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.journal.JournalUnavailable;
import dev.gather.tmux.TmuxException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Maps request lines to handlers and every outcome to exactly one response line. */
public final class Dispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    public static final ObjectMapper JSON = new ObjectMapper();
    /** Requests are small and flat; a deeper or longer-numbered line is a client's mistake, said so. */
    private static final ObjectMapper STRICT = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(64)
                    .maxNumberLength(64)
                    .build())
            .build());

    private final Map<String, Handler> handlers = new TreeMap<>();
    private final Map<String, StreamHandler> streams = new TreeMap<>();
    private final Map<String, Takeover> takeovers = new ConcurrentHashMap<>();
    private final Admission admission = new Admission();

    /** Decides which pane a request acts for, from who sent it. */
    public interface Identify {
        Request apply(Peer peer, Request claimed, Optional<String> onBehalfOf);
    }

    /** Sets how callers are identified, and what to do when one acts on behalf of a pane (journal it). */
    public Dispatcher identify(Identify identify, Consumer<Request> onBehalf) {
        admission.identify(identify, onBehalf);
        return this;
    }

    /** Sets the check of what a caller may do in another's name (see {@link Acting}). */
    public Dispatcher acting(Acting acting) {
        admission.acting(acting::check);
        return this;
    }

    /** Sets how fast one speaker may relay words (see {@link Pace}). */
    public Dispatcher pace(Pace pace) {
        admission.pace(pace::check);
        return this;
    }

    /**
     * How a caller's harness thread ({@code caller.thread}, learned by the daemon from that pane's
     * turns) names its pane: Codex runs every pane's MCP servers in the first pane's process tree.
     * Only a caller in a pane that {@code sharedServer} says runs such a harness may name a thread, and
     * {@code threadPanes} gets that pane as the one the thread's turns must be reported from (empty
     * for the daemon's own process).
     */
    public Dispatcher threadPanes(
            BiFunction<String, Optional<String>, Optional<String>> threadPanes, Predicate<String> sharedServer) {
        admission.threadPanes(threadPanes, sharedServer);
        return this;
    }

    /** Registers {@code op}; later registrations replace earlier ones. */
    public Dispatcher on(String op, Handler handler) {
        handlers.put(op, handler);
        return this;
    }

    /** Registers {@code op} as a stream: its answer is a first line, then one line per item. */
    public Dispatcher onStream(String op, StreamHandler handler) {
        streams.put(op, handler);
        return this;
    }

    /** Registers {@code op} as one that takes its connection over after a first {@code {"ok":true}} line. */
    public Dispatcher onTakeover(String op, Takeover takeover) {
        takeovers.put(op, takeover);
        return this;
    }

    /**
     * Answers one request line through {@code out}: one line, or, for a stream op, its lines until it ends
     * or {@code gone}. Whether the connection may carry another request (not after a stream).
     */
    public boolean respond(String line, Consumer<String> out, BooleanSupplier gone) {
        return respond(Peer.IN_PROCESS, line, out, gone, null);
    }

    /**
     * The same for a request from {@code peer}, which acts for the pane its process runs in, on a
     * {@code connection} that an op may take over (null: none may).
     */
    public boolean respond(
            Peer peer, String line, Consumer<String> client, BooleanSupplier gone, SocketServer.Connection connection) {
        Consumer<String> out = ClientGone.watching(client);
        JsonNode id = null;
        StreamHandler.Stream stream;
        try {
            JsonNode node = JSON.readTree(line);
            Takeover takeover = node != null && node.isObject()
                    ? takeovers.get(node.path("op").asText(""))
                    : null;
            if (takeover != null) {
                return takeOver(takeover, peer, (ObjectNode) node, out, connection);
            }
            StreamHandler h = node != null && node.isObject()
                    ? streams.get(node.path("op").asText(""))
                    : null;
            if (h == null) {
                out.accept(answer(peer, line));
                return true;
            }
            id = node.get("id");
            stream = h.open(admission.admit(peer, (ObjectNode) node, parse((ObjectNode) node, id)));
            ObjectNode head = JSON.createObjectNode().put("ok", true);
            if (id != null) {
                head.set("id", id);
            }
            head.setAll(stream.head());
            out.accept(JSON.writeValueAsString(head));
        } catch (JsonProcessingException e) {
            out.accept(error(id, "malformed request: not valid JSON"));
            return true;
        } catch (UserError | IllegalArgumentException | IllegalStateException e) {
            out.accept(error(id, e.getMessage()));
            return true;
        } catch (ClientGone e) {
            LOG.debug("client went before its answer: {}", e.getMessage());
            return false;
        } catch (Exception e) {
            LOG.warn("stream request failed: {}", line, e);
            out.accept(error(id, "internal error (" + e.getClass().getSimpleName() + "); see the daemon log"));
            return true;
        }
        try {
            stream.run(item -> out.accept(item.toString()), gone);
        } catch (UncheckedIOException e) {
            LOG.debug("stream client went: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("stream failed: {}", line, e);
        }
        return false;
    }

    /** Hands the connection to {@code takeover} after one {@code ok} line; it is closed when that returns. */
    private boolean takeOver(
            Takeover takeover, Peer peer, ObjectNode node, Consumer<String> out, SocketServer.Connection connection) {
        JsonNode id = node.get("id");
        if (connection == null) {
            out.accept(error(id, "'" + node.path("op").asText() + "' takes a connection of its own; use the socket"));
            return true;
        }
        ObjectNode head = JSON.createObjectNode().put("ok", true);
        if (id != null) {
            head.set("id", id);
        }
        try {
            // on the connection's own stream: through out, a session's first line reads as an answer sent,
            // after which the connection counts as waiting for a request and may give way (Held)
            connection.out().write((head + "\n").getBytes(StandardCharsets.UTF_8));
            takeover.serve(node, request -> answer(peer, request), connection.in(), connection.out());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("{} connection failed", node.path("op").asText(), e);
        }
        return false;
    }

    /** Answers one request line from code in this process (trusted to name its pane); never throws. */
    public String answer(String line) {
        return answer(Peer.IN_PROCESS, line);
    }

    /** Answers one request line from {@code peer}; never throws. */
    String answer(Peer peer, String line) {
        JsonNode id = null;
        try {
            JsonNode node;
            try (JsonParser p = STRICT.createParser(line)) {
                node = STRICT.readTree(p);
                if (node != null && p.nextToken() != null) {
                    // a second value would be dropped unseen: refuse the whole line instead
                    return error(null, "one request per line: the line holds more after its first JSON value");
                }
            } catch (StreamConstraintsException e) {
                return error(null, "malformed request: nested deeper than 64 levels or a number longer than 64 digits");
            }
            if (node == null || !node.isObject()) {
                return error(null, "a request is one JSON object per line");
            }
            id = node.get("id");
            Request claimed = parse((ObjectNode) node, id);
            Handler h = handlers.get(claimed.op());
            if (h == null && takeovers.containsKey(claimed.op())) {
                return error(id, "'" + claimed.op() + "' takes a connection of its own; use the socket");
            }
            if (h == null && streams.containsKey(claimed.op())) {
                return error(id, "'" + claimed.op() + "' answers with a stream of lines; read it over the socket");
            }
            if (h == null) {
                Set<String> known = new TreeSet<>(handlers.keySet());
                known.addAll(streams.keySet());
                known.addAll(takeovers.keySet());
                return error(id, "unknown op '" + claimed.op() + "'; known: " + String.join(", ", known));
            }
            Request request = admission.admit(peer, (ObjectNode) node, claimed);
            ObjectNode result = h.handle(request);
            ObjectNode out = JSON.createObjectNode().put("ok", true);
            if (id != null) {
                out.set("id", id);
            }
            out.setAll(result);
            return JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            return error(id, "malformed request: not valid JSON");
        } catch (UserError | IllegalArgumentException | IllegalStateException e) {
            return error(id, e.getMessage());
        } catch (JournalUnavailable e) {
            // nothing was sent: what is not journalled does not go out
            return error(id, e.getMessage() + "; nothing was sent, try again once the journal can be written");
        } catch (TmuxException e) {
            // tmux gone or refusing: say so plainly; the daemon keeps serving
            return error(id, "tmux: " + e.getMessage());
        } catch (StackOverflowError e) {
            // a request, or a file it made the daemon read, nested too deep: one error, the connection lives
            LOG.warn("request nested too deeply: {}", line.length() > 200 ? line.substring(0, 200) + "…" : line);
            return error(id, "too deeply nested (a request or a file it names); see the daemon log");
        } catch (Exception e) {
            LOG.warn("request failed: {}", line.length() > 200 ? line.substring(0, 200) + "…" : line, e);
            return error(id, "internal error (" + e.getClass().getSimpleName() + "); see the daemon log");
        }
    }

    private static Request parse(ObjectNode node, JsonNode id) {
        JsonNode op = node.get("op");
        if (op == null || !op.isTextual()) {
            throw new UserError("a request needs \"op\" (text)");
        }
        Optional<String> pane = callerPane(node.get("caller"));
        ObjectNode args = node.deepCopy();
        args.remove(List.of("op", "id", "caller", "on_behalf_of"));
        return new Request(op.asText(), id, pane, args);
    }

    /** {@code caller} is absent, or {@code {"pane": "%N"}} (pane null or absent: no pane). */
    private static Optional<String> callerPane(JsonNode caller) {
        if (caller == null || caller.isNull()) {
            return Optional.empty();
        }
        if (!caller.isObject()) {
            throw new UserError("'caller' must be an object {\"pane\": \"%N\"}, not " + Request.kind(caller));
        }
        JsonNode pane = caller.get("pane");
        if (pane == null || pane.isNull()) {
            return Optional.empty();
        }
        if (!pane.isTextual() || pane.asText().isBlank()) {
            throw new UserError("'caller.pane' must be a pane id like %12, not " + Request.kind(pane));
        }
        return Optional.of(pane.asText());
    }

    static String error(JsonNode id, String message) {
        ObjectNode out = JSON.createObjectNode().put("ok", false);
        if (id != null) {
            out.set("id", id);
        }
        out.put("error", message == null ? "error" : message);
        try {
            return JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            return "{\"ok\":false,\"error\":\"unencodable error\"}";
        }
    }
}
