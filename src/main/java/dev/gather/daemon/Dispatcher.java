package dev.gather.daemon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Maps request lines to handlers and every outcome to exactly one response line. */
public final class Dispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Handler> handlers = new TreeMap<>();

    /** Registers {@code op}; later registrations replace earlier ones. */
    public Dispatcher on(String op, Handler handler) {
        handlers.put(op, handler);
        return this;
    }

    /** Answers one request line; never throws. */
    public String answer(String line) {
        JsonNode id = null;
        try {
            JsonNode node = JSON.readTree(line);
            if (node == null || !node.isObject()) {
                return error(null, "a request is one JSON object per line");
            }
            id = node.get("id");
            Request request = parse((ObjectNode) node, id);
            Handler h = handlers.get(request.op());
            if (h == null) {
                return error(id, "unknown op '" + request.op() + "'; known: " + String.join(", ", handlers.keySet()));
            }
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
        } catch (dev.gather.journal.JournalUnavailable e) {
            // nothing was sent: what is not journalled does not go out
            return error(id, e.getMessage() + "; nothing was sent, try again once the journal can be written");
        } catch (dev.gather.tmux.TmuxException e) {
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
        JsonNode caller = node.path("caller").path("pane");
        Optional<String> pane = caller.isTextual() ? Optional.of(caller.asText()) : Optional.empty();
        ObjectNode args = node.deepCopy();
        args.remove(java.util.List.of("op", "id", "caller"));
        return new Request(op.asText(), id, pane, args);
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
