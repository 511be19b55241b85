package dev.gather.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.gather.client.DaemonClient;
import dev.gather.process.Threads;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.server.UserError;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code gather web}: the live view in a browser, on 127.0.0.1 only, guarded by a per-run token; a thin
 * client of the daemon that shows and does only what the daemon's socket ops offer.
 */
public final class WebServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WebServer.class);

    /** Requests served at once; more wait their turn. */
    static final int WORKERS = 64;

    private final HttpServer http;
    private final ExecutorService workers;
    private final ScheduledExecutorService heartbeats;
    private final Guard guard;
    private final Api api;
    private final Pages pages;
    private final EventFeed feed;

    private WebServer(HttpServer http, DaemonClient daemon, RhythmLibrary rhythms, String token) {
        this.http = http;
        this.guard = new Guard(token, http.getAddress().getPort());
        // one thread per open event stream (the daemon's events op is a blocking read) and per request
        // whose headers are still coming: bounded, or 3,000 slow clients made 3,000 threads. Named by
        // the port, so a thread dump (and a test) tells one server's workers from another's
        this.workers = Threads.bounded(workerName(http.getAddress().getPort()), WORKERS);
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(Threads.named("web-heartbeat"));
        this.api = new Api(daemon, new Rhythms(rhythms));
        this.pages = new Pages(guard);
        this.feed = new EventFeed(daemon, heartbeats);
        http.setExecutor(workers);
        http.createContext("/", this::handle);
    }

    /** The name of the worker threads of the server on {@code port}. */
    static String workerName(int port) {
        return "web-worker-" + port;
    }

    /**
     * Serves on 127.0.0.1:{@code port} (0: any free port) with a fresh random token; {@code rhythms} is
     * the library the rhythms page lists.
     */
    public static WebServer start(DaemonClient daemon, RhythmLibrary rhythms, int port) throws IOException {
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        // both read by the JDK's server once, before its first use. A client gets 5 s to send its request
        // (this server is on loopback only), then its connection is closed: a slow one holds a worker
        // meanwhile. And each answer leaves at once: the server writes its headers and its body apart, and
        // with Nagle's algorithm on the body waited for the client's delayed ack, 40 ms on every call.
        System.setProperty("sun.net.httpserver.maxReqTime", System.getProperty("sun.net.httpserver.maxReqTime", "5"));
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 32);
        WebServer server = new WebServer(http, daemon, rhythms, HexFormat.of().formatHex(secret));
        http.start();
        return server;
    }

    /** The address to open once: it carries the token, which the first page turns into a cookie. */
    public String url() {
        return base() + "/?token=" + guard.token();
    }

    /** The address without the token (a browser without the cookie gets nothing there). */
    public String base() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    public int port() {
        return http.getAddress().getPort();
    }

    /** Event streams open now, each holding a daemon connection: none once every page has gone. */
    public int streams() {
        return feed.streams();
    }

    private void handle(HttpExchange ex) throws IOException {
        // a pooled thread must not carry an interrupt into this request: the daemon's channel would close
        Thread.interrupted();
        try {
            String path = ex.getRequestURI().getPath();
            if (!guard.hostIsOurs(ex) || !guard.originIsOurs(ex)) {
                Http.empty(ex, 403);
                return;
            }
            Optional<String> fromUrl = Guard.queryToken(ex.getRequestURI());
            if (fromUrl.isPresent() && "GET".equals(ex.getRequestMethod())) {
                if (!guard.matches(fromUrl)) {
                    Http.empty(ex, 403);
                    return;
                }
                // the token leaves the address bar and history: from now on it is a cookie scripts cannot read
                ex.getResponseHeaders().add("Set-Cookie", guard.setCookie());
                ex.getResponseHeaders().add("Location", Guard.landing(ex.getRequestURI()));
                Http.empty(ex, 303);
                return;
            }
            Optional<String> cookie = guard.cookieToken(ex);
            if (cookie.isEmpty()) {
                pages.unauthorized(ex, path);
                return;
            }
            if (!guard.matches(cookie)) {
                Http.empty(ex, 403);
                return;
            }
            if ("POST".equals(ex.getRequestMethod())) {
                // a change needs the header too: a form of another site cannot set it (CSRF)
                if (!guard.matches(guard.headerToken(ex))
                        || ex.getRequestHeaders().getFirst("Origin") == null) {
                    Http.empty(ex, 403);
                    return;
                }
                api.post(ex, path);
                return;
            }
            if (!"GET".equals(ex.getRequestMethod())) {
                Http.empty(ex, 405);
                return;
            }
            if (path.equals("/api/events")) {
                feed.serve(ex);
            } else if (path.equals("/api/changes")) {
                feed.serveChanges(ex);
            } else if (path.startsWith("/api/")) {
                api.get(ex, path);
            } else {
                pages.serve(ex, path);
            }
        } catch (UserError e) {
            Http.json(ex, 400, Http.error(e.getMessage()));
        } catch (IOException e) {
            // the browser went away mid-answer, or the daemon did: nothing more to say to this request
            LOG.debug("web request {} ended: {}", ex.getRequestURI().getPath(), e.toString());
        } catch (RuntimeException e) {
            LOG.warn("web request {} failed", ex.getRequestURI().getPath(), e);
            Http.json(ex, 500, Http.error("the web view failed: " + e.getMessage()));
        } finally {
            ex.close();
        }
    }

    @Override
    public void close() {
        http.stop(0);
        feed.close();
        heartbeats.shutdownNow();
        workers.shutdownNow();
    }
}
