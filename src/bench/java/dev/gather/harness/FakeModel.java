package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A scripted model endpoint on 127.0.0.1 (ephemeral port) for running a real harness offline. Every
 * request is logged, so a test can count what reached the model; each protocol subclass reads the
 * request's last user text and writes the reply in its own wire format. The script decides the reply.
 */
public abstract class FakeModel implements AutoCloseable {
    public static final ObjectMapper JSON = new ObjectMapper();

    /** One request that reached the model. */
    public record Call(
            Instant at, String method, String path, JsonNode body, String lastUserText, boolean afterToolResult) {
        /** Whether any text of the request (system, messages) contains {@code s}. */
        public boolean mentions(String s) {
            return body.toString().contains(s);
        }
    }

    private final HttpServer server;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fake-model");
        t.setDaemon(true);
        return t;
    });
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private volatile Function<Call, Reply> script = c -> Reply.text("ok: " + c.lastUserText());

    FakeModel() throws IOException {
        // each answer leaves at once, as gather web's do (read by the JDK's server once, before its first use)
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The endpoint's base URL, e.g. {@code http://127.0.0.1:40123}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** From now on, every call that is a conversation turn is answered by {@code script}. */
    public FakeModel script(Function<Call, Reply> script) {
        this.script = script;
        return this;
    }

    /** Every call that reached the model so far, in order. */
    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** One line per call so far (path, last user text, whether after a tool result): for failure messages. */
    public String summary() {
        StringBuilder out = new StringBuilder("calls to the fake model:");
        for (Call c : calls) {
            String text = c.lastUserText().replace("\n", "⏎");
            out.append("\n  ")
                    .append(c.method())
                    .append(' ')
                    .append(c.path())
                    .append(" after-tool=")
                    .append(c.afterToolResult())
                    .append(" user='")
                    .append(text.length() > 100 ? text.substring(0, 100) + "…" : text)
                    .append('\'');
            List<String> tools = new ArrayList<>();
            c.body().path("tools").forEach(t -> tools.add(t.path("name").asText()));
            out.append(" tools=").append(tools);
            if (c.afterToolResult()) {
                JsonNode items = c.body().has("input")
                        ? c.body().path("input")
                        : c.body().path("contents");
                String last = items.isEmpty() ? "" : items.get(items.size() - 1).toString();
                out.append("\n    tool result: ").append(last.substring(0, Math.min(last.length(), 600)));
            }
        }
        return out.toString();
    }

    /** The calls that match {@code which}. */
    public List<Call> calls(Predicate<Call> which) {
        return calls.stream().filter(which).toList();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] raw = ex.getRequestBody().readAllBytes();
            String path = ex.getRequestURI().getPath();
            JsonNode body = raw.length == 0 ? JSON.createObjectNode() : parse(raw);
            Call call = new Call(
                    Instant.now(), ex.getRequestMethod(), path, body, lastUserText(body), afterToolResult(body));
            calls.add(call);
            Reply reply = conversational(call) ? script.apply(call) : null;
            if (reply != null && !reply.delay().isZero()) {
                sleepFor(reply);
            }
            answer(ex, call, reply);
        } catch (RuntimeException e) {
            byte[] msg = ("{\"error\":\"" + e.getClass().getSimpleName() + "\"}").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(500, msg.length);
            ex.getResponseBody().write(msg);
        }
    }

    private static void sleepFor(Reply reply) {
        // the model "thinks": this is the fake's own latency, not a test waiting for something
        try {
            Thread.sleep(reply.delay().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static JsonNode parse(byte[] raw) {
        try {
            return JSON.readTree(raw);
        } catch (IOException e) {
            return JSON.createObjectNode().put("unparsed", new String(raw, StandardCharsets.UTF_8));
        }
    }

    /** The entries of a conversation ({@code messages}, {@code input}, {@code contents}) by the user, newest first. */
    static List<JsonNode> userEntriesNewestFirst(JsonNode conversation) {
        List<JsonNode> users = new ArrayList<>();
        for (int i = conversation.size() - 1; i >= 0; i--) {
            if ("user".equals(conversation.get(i).path("role").asText())) {
                users.add(conversation.get(i));
            }
        }
        return users;
    }

    /** The texts of the content blocks of type {@code type}, one a line. */
    static String textsOfType(JsonNode blocks, String type) {
        StringBuilder text = new StringBuilder();
        for (JsonNode block : blocks) {
            if (type.equals(block.path("type").asText())) {
                text.append(text.length() == 0 ? "" : "\n")
                        .append(block.path("text").asText());
            }
        }
        return text.toString();
    }

    /** Whether any element of the last entry's {@code field} (its content blocks or parts) passes {@code test}. */
    static boolean lastEntryHas(JsonNode conversation, String field, Predicate<JsonNode> test) {
        // path, not get: an empty conversation has no last entry, and a missing node has no elements
        for (JsonNode element : conversation.path(conversation.size() - 1).path(field)) {
            if (test.test(element)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code call} asks for a model turn (the script answers it), not a side request. */
    abstract boolean conversational(Call call);

    /** The text of the last user message in {@code body}. */
    abstract String lastUserText(JsonNode body);

    /** Whether the last message in {@code body} carries a tool's result. */
    abstract boolean afterToolResult(JsonNode body);

    /** Writes the response for {@code call}; {@code reply} is null for side requests. */
    abstract void answer(HttpExchange ex, Call call, Reply reply) throws IOException;

    static void json(HttpExchange ex, int status, Object value) throws IOException {
        raw(ex, status, JSON.writeValueAsBytes(value));
    }

    /** A JSON body already written. */
    static void raw(HttpExchange ex, byte[] json) throws IOException {
        raw(ex, 200, json);
    }

    private static void raw(HttpExchange ex, int status, byte[] out) throws IOException {
        ex.getResponseHeaders().set("content-type", "application/json");
        ex.sendResponseHeaders(status, out.length);
        ex.getResponseBody().write(out);
    }

    /** Starts a server-sent-events response; write events with {@link #event}. */
    static OutputStream sse(HttpExchange ex) throws IOException {
        ex.getResponseHeaders().set("content-type", "text/event-stream");
        ex.getResponseHeaders().set("cache-control", "no-cache");
        ex.sendResponseHeaders(200, 0);
        return ex.getResponseBody();
    }

    static void event(OutputStream out, String name, Object data) throws IOException {
        String head = name == null ? "" : "event: " + name + "\n";
        out.write((head + "data: " + JSON.writeValueAsString(data) + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
