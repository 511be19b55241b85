package dev.gather.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.daemon.Daemon;
import dev.gather.home.StateDir;
import dev.gather.process.Threads;
import dev.gather.rhythm.RhythmLibrary;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import dev.gather.web.WebServer;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The web view's latency, beside the pane's, in one gathering of sims: from the daemon journalling a
 * turn's words (the turn has ended) to those words arriving on the page's event stream (gather web's
 * server-sent events, as the browser receives them; drawing them is not counted), and to the same words
 * typed and submitted in each other member's pane (the journal's {@code delivered} step; a member busy
 * with its own turn gets them when it is ready, so this includes the wait in its queue).
 */
final class WebLatencyBenchmark extends Benchmark {
    private static final ObjectMapper JSON = new ObjectMapper();

    WebLatencyBenchmark() {
        super("web");
    }

    @Override
    public List<Metric> run(BenchContext context) throws Exception {
        String socket = BenchContext.privateSocket();
        Path home = context.scratch().resolve("home");
        Files.createDirectories(home);
        Files.writeString(
                home.resolve("agents.yaml"),
                """
                agents:
                  speaker: ["{gather}", sim, --name, "{name}", --think-ms, "30", --pass-after, "1", --reply-when, "(now with {name} |\\\\[Beat|Your turn is up)"]
                  harvester: ["{gather}", sim, --name, "{name}", --think-ms, "30", --reply-when, "you are the harvester"]
                """);
        StateDir state = new StateDir(home);
        Tmux tmux = Tmuxes.connect(TmuxConfig.socket(socket));
        Daemon daemon = Daemon.inProcess(state, tmux);
        DaemonClient client = new DaemonClient(state, Optional.empty());
        try (WebServer web = WebServer.start(client, new RhythmLibrary(List.of()), 0)) {
            HttpClient http =
                    HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
            http.send(HttpRequest.newBuilder(URI.create(web.url())).build(), HttpResponse.BodyHandlers.discarding());

            ObjectNode start = client.request("start_gathering")
                    .put("rhythm", LiveRhythm.write(home, context.quick() ? "minimal" : "standard"))
                    .put("beats_per_turn", 1)
                    .put("beat_interval_seconds", 10);
            ArrayNode ps = start.putArray("participants");
            for (String n : List.of("Ada", "Bo", "Cy", "Di")) {
                ps.addObject().put("name", n).put("agent", "speaker");
            }
            ps.addObject().put("name", "Hal").put("role", "harvester").put("agent", "harvester");
            String id = client.call(start).path("gathering_id").asText();

            HttpResponse<Stream<String>> sse = http.send(
                    HttpRequest.newBuilder(URI.create(web.base() + "/api/events?gathering=" + id))
                            .build(),
                    HttpResponse.BodyHandlers.ofLines());
            List<Double> page = new ArrayList<>();
            List<Double> pane = new ArrayList<>();
            Map<Long, Instant> relayed = new HashMap<>();
            CompletableFuture<Void> read = CompletableFuture.runAsync(
                    () -> {
                        try (Stream<String> lines = sse.body()) {
                            String kind = "";
                            for (String line : (Iterable<String>) lines::iterator) {
                                if (line.startsWith("event: ")) {
                                    kind = line.substring("event: ".length());
                                }
                                if (!line.startsWith("data: ") || !kind.equals("entry")) {
                                    continue;
                                }
                                Instant arrived = Instant.now();
                                JsonNode e = JSON.readTree(line.substring("data: ".length()));
                                Instant written = Instant.parse(e.path("time").asText());
                                switch (e.path("event").asText()) {
                                    case "relay" -> {
                                        relayed.put(e.path("n").asLong(), written);
                                        page.add(Duration.between(written, arrived)
                                                        .toNanos()
                                                / 1e6);
                                    }
                                    case "delivery" -> {
                                        Instant said = relayed.get(e.path("ref").asLong());
                                        if (said != null
                                                && e.path("state").asText().equals("delivered")) {
                                            pane.add(Duration.between(said, written)
                                                            .toNanos()
                                                    / 1e6);
                                        }
                                    }
                                    case "close" -> {
                                        return;
                                    }
                                    default -> {}
                                }
                            }
                        } catch (IOException e) {
                            throw new IllegalStateException("the page's event stream broke", e);
                        }
                        // a thread of its own, not the common pool's one (on two cores) that a blocked read holds
                    },
                    r -> Threads.named("bench-web-events").newThread(r).start());
            read.get(context.sized(120, 300), TimeUnit.SECONDS);
            if (page.isEmpty() || pane.isEmpty()) {
                throw new IllegalStateException("no relay reached the page or a pane: " + page + " " + pane);
            }
            double[] p = page.stream().mapToDouble(Double::doubleValue).toArray();
            double[] q = pane.stream().mapToDouble(Double::doubleValue).toArray();
            double[] a = apiCalls(http, web, context.sized(50, 200));
            return List.of(
                    Metric.of("turn → words on the page p50", "ms", pct(p, 0.5), ""),
                    Metric.of("turn → words on the page p99", "ms", pct(p, 0.99), ""),
                    Metric.of("turn → words in a pane p50", "ms", pct(q, 0.5), ""),
                    Metric.of("turn → words in a pane p99", "ms", pct(q, 0.99), ""),
                    Metric.of("a page's API call (/api/status) p50", "ms", pct(a, 0.5), "< 20 ms")
                            .headline(20));
        } finally {
            tmux.killServer();
            daemon.close();
        }
    }

    /**
     * {@code n} calls of the overview's status, one after another on the page's connection, in ms: the
     * daemon's answer and the server's, which sent its body 40 ms late while Nagle's algorithm was on.
     */
    private static double[] apiCalls(HttpClient http, WebServer web, int n) throws Exception {
        HttpRequest status =
                HttpRequest.newBuilder(URI.create(web.base() + "/api/status")).build();
        double[] took = new double[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(status, HttpResponse.BodyHandlers.ofString());
            took[i] = (System.nanoTime() - t0) / 1e6;
            if (r.statusCode() != 200) {
                throw new IllegalStateException("/api/status answered " + r.statusCode() + ": " + r.body());
            }
        }
        return took;
    }

    private static double pct(double[] values, double p) {
        return DeliveryBenchmark.percentile(values, p);
    }
}
