package dev.gather.web;

import com.sun.net.httpserver.HttpExchange;
import dev.gather.about.Shipped;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * The pages and their scripts and style, from the jar's {@code web/} folder: each page's own part put
 * into the one shared frame ({@code page.html}: head, token, navigation). The pages carry the token for
 * the scripts' POST header; only a browser that already holds the cookie is served them.
 */
final class Pages {
    /** A page: its part of the body ({@code name.html}), its script ({@code name.js}) and its title. */
    private record Page(String name, String title) {}

    private static final Map<String, Page> PAGES = Map.of(
            "/", new Page("overview", "Overview"),
            "/gathering", new Page("gathering", "Gathering"),
            "/link", new Page("link", "Link"),
            "/rhythms", new Page("rhythms", "Rhythms"));
    private static final Map<String, String> TYPES = Map.of(
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "html", "text/html; charset=utf-8");

    private final Guard guard;

    Pages(Guard guard) {
        this.guard = guard;
    }

    /**
     * A browser without the token: a page says where the address comes from, in a few words (no token,
     * nothing of the daemon); anything else gets an empty 401.
     */
    void unauthorized(HttpExchange ex, String path) throws IOException {
        if (!PAGES.containsKey(path)) {
            Http.empty(ex, 401);
            return;
        }
        Http.bytes(ex, 401, TYPES.get("html"), Http.utf8(text("unauthorized.html")));
    }

    void serve(HttpExchange ex, String path) throws IOException {
        Page page = PAGES.get(path);
        if (page != null) {
            String html = text("page.html")
                    .replace("{{title}}", page.title())
                    .replace("{{script}}", page.name())
                    .replace("{{token}}", guard.token())
                    // last: the page's own markup is put in as it is, never searched for placeholders
                    .replace("{{main}}", text(page.name() + ".html"));
            Http.bytes(ex, 200, TYPES.get("html"), Http.utf8(html));
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

    private static String text(String name) {
        return Shipped.text("/web/" + name, "page " + name);
    }

    private static Optional<byte[]> resource(String name) {
        return Shipped.bytes("/web/" + name);
    }
}
