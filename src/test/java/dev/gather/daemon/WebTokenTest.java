package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.Slow;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Nothing of gather web is served without its token: not the page, the API, the events or the
 * scripts; the token becomes an HttpOnly cookie, and a foreign origin, a rebound Host or a form post
 * without the token header is refused with nothing.
 */
@Slow
class WebTokenTest extends WebPages {
    @Test
    @Order(1)
    void aRequestWithoutTheTokenGetsNothing() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String port = "" + web.port();
        for (String path : List.of("/", "/api/status", "/api/events?gathering=x", "/static/gathering.js")) {
            HttpResponse<String> none = http.send(get(path, Map.of()), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, none.statusCode(), path);
            if (path.equals("/")) {
                // a person who opened the bare address is told where the right one comes from, and nothing else
                assertTrue(none.body().contains("gather web") && none.body().contains("?token="), none.body());
                assertFalse(none.body().contains(web.url().substring(web.url().indexOf('=') + 1)), "no token");
            } else {
                assertEquals("", none.body(), path);
            }
            HttpResponse<String> wrong = http.send(
                    get(path, Map.of("Cookie", "gather_token_" + port + "=0123")),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(403, wrong.statusCode(), path);
            assertEquals("", wrong.body(), path);
        }
        HttpResponse<String> badUrlToken =
                http.send(get("/?token=guess", Map.of()), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, badUrlToken.statusCode());
        assertTrue(badUrlToken.headers().allValues("Set-Cookie").isEmpty());

        // the real token, once: a cookie for what follows, and the token leaves the address
        HttpResponse<String> first =
                http.send(HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(303, first.statusCode());
        String cookie = first.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie);
        String jar = cookie.substring(0, cookie.indexOf(';'));
        assertEquals(
                200,
                http.send(get("/api/status", Map.of("Cookie", jar)), HttpResponse.BodyHandlers.ofString())
                        .statusCode());

        // with the cookie but from another origin, or addressed to another host: refused, with nothing
        HttpResponse<String> foreign = http.send(
                get("/api/status", Map.of("Cookie", jar, "Origin", "http://evil.example")),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, foreign.statusCode());
        assertEquals("", foreign.body());
        assertTrue(rawGet("/api/status", "evil.example", jar).startsWith("HTTP/1.1 403"), "a rebound Host is refused");

        // a change needs the token header and an Origin, not only the cookie a form post would carry
        HttpResponse<String> csrf = http.send(
                HttpRequest.newBuilder(URI.create(web.base() + "/api/end"))
                        .header("Cookie", jar)
                        .header("Origin", web.base())
                        .POST(HttpRequest.BodyPublishers.ofString("{\"gathering\":\"g-x\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, csrf.statusCode());
        assertEquals("", csrf.body());
    }

    /** java.net.http will not send a Host of our choosing: a plain socket does. */
    private String rawGet(String path, String host, String cookie) throws Exception {
        try (Socket s = new Socket("127.0.0.1", web.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nCookie: " + cookie
                            + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }
}
