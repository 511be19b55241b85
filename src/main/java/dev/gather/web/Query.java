package dev.gather.web;

import dev.gather.server.UserError;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** A request's query parameters. */
record Query(Map<String, String> values) {
    static Query of(URI uri) {
        Map<String, String> m = new HashMap<>();
        String q = uri.getRawQuery();
        if (q != null) {
            for (String pair : q.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    m.put(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1)));
                }
            }
        }
        return new Query(Map.copyOf(m));
    }

    Optional<String> optional(String name) {
        return Optional.ofNullable(values.get(name)).filter(v -> !v.isBlank());
    }

    String required(String name) {
        return optional(name).orElseThrow(() -> new UserError("the parameter " + name + " is missing"));
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
