package dev.gather.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The smallest Anthropic Messages endpoint a real Claude Code runs against offline (127.0.0.1, an
 * ephemeral port): every turn is answered at once with {@code claude bench turn N}, streamed as SSE;
 * side requests get a short plain answer. Each turn's arrival is kept, so the benchmark sees when
 * the words relayed into a pane were submitted to the model.
 */
final class BenchAnthropic implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One turn request: when it arrived ({@code System.currentTimeMillis}) and the prompt it carried. */
    record Turn(long atMillis, String prompt) {}

    private final HttpServer server;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "bench-anthropic");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger turns = new AtomicInteger();
    private final BlockingQueue<Turn> arrived = new LinkedBlockingQueue<>();

    BenchAnthropic() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The turn requests in order of arrival. */
    BlockingQueue<Turn> arrived() {
        return arrived;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            long at = System.currentTimeMillis();
            byte[] raw = ex.getRequestBody().readAllBytes();
            JsonNode body = raw.length == 0 ? JSON.createObjectNode() : JSON.readTree(raw);
            String path = ex.getRequestURI().getPath();
            if (path.endsWith("/count_tokens")) {
                json(ex, Map.of("input_tokens", 1));
                return;
            }
            boolean turn =
                    !body.path("tools").isEmpty() && body.path("max_tokens").asInt(0) > 1;
            String text = turn ? "claude bench turn " + turns.incrementAndGet() : "ok";
            if (turn) {
                arrived.add(new Turn(at, lastUserText(body)));
            }
            AnthropicMessage message = new AnthropicMessage(
                    "msg_bench", body.path("model").asText("bench"), new AnthropicMessage.Text(text));
            if (!body.path("stream").asBoolean(false)) {
                byte[] whole = message.json();
                ex.getResponseHeaders().set("content-type", "application/json");
                ex.sendResponseHeaders(200, whole.length);
                ex.getResponseBody().write(whole);
                return;
            }
            ex.getResponseHeaders().set("content-type", "text/event-stream");
            ex.sendResponseHeaders(200, 0);
            message.stream(ex.getResponseBody());
        }
    }

    private static String lastUserText(JsonNode body) {
        JsonNode messages = body.path("messages");
        for (int i = messages.size() - 1; i >= 0; i--) {
            JsonNode m = messages.get(i);
            if ("user".equals(m.path("role").asText())) {
                return m.path("content").toString();
            }
        }
        return "";
    }

    private static void json(HttpExchange ex, Object value) throws IOException {
        byte[] out = JSON.writeValueAsBytes(value);
        ex.getResponseHeaders().set("content-type", "application/json");
        ex.sendResponseHeaders(200, out.length);
        ex.getResponseBody().write(out);
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
