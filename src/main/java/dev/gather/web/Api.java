package dev.gather.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.gather.client.DaemonClient;
import dev.gather.server.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

/**
 * The page's JSON: each answer is one of the daemon's socket ops, as the CLI calls it ({@code status},
 * {@code transcript}, {@code say}, {@code pass}, {@code end_gathering}, {@code
 * start_gathering}), plus what the CLI reads from shipped files (rhythms, the machine's table).
 */
final class Api {
    private static final int MAX_BODY = 1 << 20;
    private static final Set<String> START_FIELDS =
            Set.of("rhythm", "participants", "question", "beats_per_turn", "beat_interval_seconds");

    private final DaemonClient daemon;
    private final Journals journals;
    private final Rhythms rhythms;
    private final Studio studio;

    Api(DaemonClient daemon, Rhythms rhythms) {
        this.daemon = daemon;
        this.journals = new Journals(daemon);
        this.rhythms = rhythms;
        this.studio = new Studio(rhythms.library());
    }

    void get(HttpExchange ex, String path) throws IOException {
        Query q = Query.of(ex.getRequestURI());
        JsonNode answer =
                switch (path) {
                    case "/api/status" -> daemon.call(daemon.request("status"));
                    case "/api/transcript" -> daemon.call(
                            daemon.request("transcript").put("gathering", q.required("id")));
                    case "/api/journals" -> journals.summary();
                    case "/api/machine" -> Machine.table();
                    case "/api/rhythms" -> rhythms.all();
                    case "/api/rhythm-source" -> studio.source(q.required("name"));
                    default -> null;
                };
        if (answer == null) {
            Http.empty(ex, 404);
        } else {
            Http.json(ex, 200, answer);
        }
    }

    void post(HttpExchange ex, String path) throws IOException {
        JsonNode body = body(ex);
        // the rhythm editor's answers are the web view's own (lint, rehearse, save), not a daemon op
        JsonNode own =
                switch (path) {
                    case "/api/rhythm-lint" -> studio.lint(body);
                    case "/api/rhythm-rehearse" -> studio.rehearse(body);
                    case "/api/rhythm-save" -> studio.save(body);
                    default -> null;
                };
        if (own != null) {
            Http.json(ex, 200, own);
            return;
        }
        ObjectNode r =
                switch (path) {
                    case "/api/say" -> daemon.request("say")
                            .put("gathering", text(body, "gathering"))
                            .put("text", text(body, "text"));
                    case "/api/pass" -> withTo(daemon.request("pass").put("gathering", text(body, "gathering")), body);
                        // now: close without asking the harvester (the op's flag with issue 16's ways out)
                        // the page is its user's own console (it holds the token): it ends as the operator, journalled
                    case "/api/end" -> daemon.request("end_gathering")
                            .put("gathering", text(body, "gathering"))
                            .put("now", body.path("now").asBoolean(false))
                            .put("operator", true);
                    case "/api/start" -> start(body);
                    default -> null;
                };
        if (r == null) {
            Http.empty(ex, 404);
            return;
        }
        Http.json(ex, 200, daemon.call(r));
    }

    private ObjectNode start(JsonNode body) {
        ObjectNode r = daemon.request("start_gathering");
        body.properties().forEach(f -> {
            if (START_FIELDS.contains(f.getKey()) && !f.getValue().isNull()) {
                r.set(f.getKey(), f.getValue());
            }
        });
        if (!r.has("rhythm")) {
            throw new UserError("rhythm: choose a rhythm");
        }
        return r;
    }

    private static ObjectNode withTo(ObjectNode r, JsonNode body) {
        String to = body.path("to").asText("");
        return to.isBlank() ? r : r.put("to", to);
    }

    private static String text(JsonNode body, String field) {
        String v = body.path(field).asText("");
        if (v.isBlank()) {
            throw new UserError(field + " is missing");
        }
        return v;
    }

    private static JsonNode body(HttpExchange ex) throws IOException {
        try (InputStream in = ex.getRequestBody()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                throw new UserError("the request is larger than 1 MiB");
            }
            JsonNode n = bytes.length == 0 ? Http.JSON.createObjectNode() : Http.JSON.readTree(bytes);
            if (!n.isObject()) {
                throw new UserError("the request must be a JSON object");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw new UserError("the request is not JSON: " + e.getOriginalMessage());
        }
    }
}
