package dev.gather.web;

import com.sun.net.httpserver.HttpExchange;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Who may talk to the web view: requests addressed to this server (Host), from its own pages (Origin),
 * carrying the per-run token (the cookie set from the URL, and the header on every change).
 */
final class Guard {
    static final String HEADER = "X-Gather-Token";

    private final String token;
    private final int port;

    Guard(String token, int port) {
        this.token = token;
        this.port = port;
    }

    /** Cookies are not scoped by port: two servers on one host keep their own. */
    String cookieName() {
        return "gather_token_" + port;
    }

    String setCookie() {
        return cookieName() + "=" + token + "; Path=/; HttpOnly; SameSite=Strict";
    }

    /** A Host naming another server is refused: a DNS-rebinding page would send its own name. */
    boolean hostIsOurs(HttpExchange ex) {
        String host = ex.getRequestHeaders().getFirst("Host");
        return host != null && origins().contains("http://" + host.toLowerCase(Locale.ROOT));
    }

    /** A request from a page of another origin is refused; a request without Origin is a navigation or a tool. */
    boolean originIsOurs(HttpExchange ex) {
        String origin = ex.getRequestHeaders().getFirst("Origin");
        return origin == null || origins().contains(origin.toLowerCase(Locale.ROOT));
    }

    private List<String> origins() {
        return List.of("http://127.0.0.1:" + port, "http://localhost:" + port);
    }

    /** The token the request carries in the URL (first visit), if any. */
    static Optional<String> queryToken(URI uri) {
        String q = uri.getRawQuery();
        if (q == null) {
            return Optional.empty();
        }
        for (String pair : q.split("&")) {
            if (pair.startsWith("token=")) {
                return Optional.of(pair.substring("token=".length()));
            }
        }
        return Optional.empty();
    }

    /**
     * Where the token address sends the browser on: the same path on this server, still percent-encoded,
     * so {@code /%2F%2Fevil} stays a path here and never becomes {@code //evil}, an address on another
     * host; anything that a browser could read as another host ({@code //}, {@code /\}) lands on {@code /}.
     */
    static String landing(URI uri) {
        String raw = uri.getRawPath();
        if (raw == null || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) {
            return "/";
        }
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                return "/";
            }
        }
        return raw;
    }

    Optional<String> cookieToken(HttpExchange ex) {
        for (String header : ex.getRequestHeaders().getOrDefault("Cookie", List.of())) {
            for (String c : header.split(";")) {
                String t = c.strip();
                if (t.startsWith(cookieName() + "=")) {
                    return Optional.of(t.substring(cookieName().length() + 1));
                }
            }
        }
        return Optional.empty();
    }

    Optional<String> headerToken(HttpExchange ex) {
        return Optional.ofNullable(ex.getRequestHeaders().getFirst(HEADER));
    }

    /** Constant-time, so the token cannot be guessed a character at a time. */
    boolean matches(Optional<String> candidate) {
        return candidate
                .map(c -> MessageDigest.isEqual(
                        c.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8)))
                .orElse(false);
    }

    String token() {
        return token;
    }
}
