package dev.gather.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The pages and their scripts and style, from the jar's {@code web/} folder. The pages carry the token
 * for the scripts' POST header; only a browser that already holds the cookie is served them.
 */
final class Pages {
    private static final Map<String, String> PAGES =
            Map.of("/", "overview.html", "/gathering", "gathering.html", "/rhythms", "rhythms.html");
    private static final Map<String, String> TYPES = Map.of(
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "html", "text/html; charset=utf-8");

    private final Guard guard;

    Pages(Guard guard) {
        this.guard = guard;
    }

    void serve(HttpExchange ex, String path) throws IOException {
        String page = PAGES.get(path);
        if (page != null) {
            String html = new String(resource(page).orElseThrow(), StandardCharsets.UTF_8);
            Http.bytes(ex, 200, TYPES.get("html"), Http.utf8(html.replace("{{token}}", guard.token())));
            return;
        }
        String name = path.startsWith("/static/") ? path.substring("/static/".length()) : "";
        // only plain names of shipped files: no path can climb out of web/
        Optional<byte[]> body = name.matches("[a-z][a-z0-9-]*\\.(js|css)") ? resource(name) : Optional.empty();
        if (body.isEmpty()) {
            Http.empty(ex, 404);
            return;
        }
        Http.bytes(ex, 200, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), body.get());
    }

    private static Optional<byte[]> resource(String name) throws IOException {
        try (InputStream in = Pages.class.getResourceAsStream("/web/" + name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        }
    }
}
