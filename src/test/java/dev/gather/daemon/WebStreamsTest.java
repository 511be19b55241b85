package dev.gather.daemon;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.client.DaemonClient;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.testing.Slow;
import dev.gather.web.WebServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web view frees the daemon streams of browsers that went away (issue 35): 70 reloads of the
 * overview, or 100 closed tabs, held every daemon connection its process may have, and {@code gather
 * web} answered "too many connections" for a minute and more. A page is what a browser fetches for
 * it, with plain HTTP: its API calls, and its event stream opened and then aborted, as a reload or a
 * closed tab aborts it.
 */
@Slow
class WebStreamsTest {
    @TempDir
    Path home;

    private World world;
    private WebServer web;
    private HttpClient http;
    private String cookie;

    @BeforeEach
    void start() throws Exception {
        world = new World(home);
        web = WebServer.start(new DaemonClient(world.state, Optional.empty()), RhythmLibrary.standard(), 0);
        http = HttpClient.newHttpClient();
        HttpResponse<String> first =
                http.send(HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.ofString());
        String set = first.headers().firstValue("Set-Cookie").orElseThrow();
        cookie = set.substring(0, set.indexOf(';'));
    }

    @AfterEach
    void stop() {
        if (web != null) {
            web.close();
        }
        world.close();
    }

    @Test
    void twoHundredReloadsAndTwoHundredClosedTabsLeaveTheWebViewAnsweringAndTheDaemonIdle() throws Exception {
        String before = null;
        for (int i = 0; i < 200; i++) {
            // a reload: the same tab's page again, naming the page it replaces (sessionStorage keeps it)
            String tab = "reload-" + i;
            loadOverview(i, "/api/changes?tab=" + tab + (before == null ? "" : "&replaces=" + before));
            before = tab;
            // the page it replaced let go of its stream at once, not a heartbeat later
            assertTrue(web.streams() <= 1, "after reload " + i + ": " + web.streams() + " streams open");
        }
        for (int i = 0; i < 200; i++) {
            // a tab opened and closed: a fresh tab, nothing to name, found gone by the heartbeat
            loadOverview(200 + i, "/api/changes?tab=closed-" + i);
        }
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertEquals(0, web.streams(), "event streams still open in gather web"));
        SocketServerCount daemon = new SocketServerCount(world);
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertEquals(List.of(0, 0), daemon.now(), "daemon connections and their threads"));
        assertEquals(200, get("/api/status").statusCode(), "gather web still answers");
    }

    /** The overview as a browser loads it, its stream aborted once it has begun ({@code n}: which load). */
    private void loadOverview(int n, String stream) throws Exception {
        for (String path : List.of("/", "/api/status", "/api/journals")) {
            HttpResponse<String> r = get(path);
            assertEquals(200, r.statusCode(), "load " + n + ": " + path + " answered " + r.body());
        }
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), web.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET " + stream + " HTTP/1.1\r\nHost: 127.0.0.1:" + web.port() + "\r\nCookie: " + cookie
                            + "\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = in.readLine();
                assertTrue(line != null, "load " + n + ": the stream ended before it began");
            } while (!line.contains(": following"));
        } // closed under the server: the reload or the closed tab
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(web.base() + path))
                        .header("Cookie", cookie)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The daemon's socket as the test sees it: connections open, threads serving them. */
    private record SocketServerCount(World world) {
        List<Integer> now() {
            return List.of(world.daemon.socket().open(), world.daemon.socket().threads());
        }
    }
}
