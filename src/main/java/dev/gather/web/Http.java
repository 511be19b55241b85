package dev.gather.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Small answers: empty, JSON, bytes; every one with headers that keep the page to itself. */
final class Http {
    static final ObjectMapper JSON = new ObjectMapper();

    private Http() {}

    static void empty(HttpExchange ex, int code) throws IOException {
        guarded(ex);
        ex.sendResponseHeaders(code, -1);
    }

    static void json(HttpExchange ex, int code, JsonNode body) throws IOException {
        bytes(ex, code, "application/json; charset=utf-8", JSON.writeValueAsBytes(body));
    }

    static void bytes(HttpExchange ex, int code, String type, byte[] body) throws IOException {
        guarded(ex);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    static ObjectNode error(String message) {
        return JSON.createObjectNode().put("ok", false).put("error", message);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** No cache, no frames, no scripts or connections but our own, no referrer that could carry a path. */
    static void guarded(HttpExchange ex) {
        var h = ex.getResponseHeaders();
        h.set("Cache-Control", "no-store");
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        h.set("Referrer-Policy", "no-referrer");
        h.set(
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    }
}
