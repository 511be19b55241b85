package dev.gather.door;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.about.Build;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Codex's background app server, reached on its control socket as {@code codex queue} reaches it: a
 * WebSocket at {@code /rpc} carrying JSON-RPC (without the {@code jsonrpc} member), {@code
 * initialize}, {@code initialized}, then {@code thread/queue/add} with the message. {@code codex queue}
 * also loads the configuration and opens four SQLite stores before it sends that: ~130 ms a message
 * on a 2-core machine, where the exchange alone takes a few. One connection per message, so there is
 * no connection to keep alive, or to find broken when the server was restarted.
 */
final class CodexControl {
    /** Where the socket is under {@code CODEX_HOME}. */
    static final String SOCKET = "app-server-control/app-server-control.sock";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_MESSAGE = 1 << 20;
    private static final String INITIALIZE = "initialize";
    private static final String QUEUE = "queue";

    record ClientInfo(String name, String title, String version) {}

    /** {@code thread/queue/add} is one of the server's experimental methods. */
    record Capabilities(boolean experimentalApi) {}

    record Initialize(ClientInfo clientInfo, Capabilities capabilities) {}

    record TextInput(String type, String text, @JsonProperty("text_elements") List<Object> textElements) {}

    record QueueAdd(String threadId, List<TextInput> input, String clientUserMessageId) {}

    record Request(String id, String method, Object params) {}

    record Notification(String method) {}

    /** The message is not queued: the socket would not talk, or the server refused it. Another way may try. */
    static final class NotQueued extends Exception {
        private static final long serialVersionUID = 1L;

        NotQueued(String message) {
            super(message);
        }
    }

    private CodexControl() {}

    /**
     * Queues {@code text} on {@code thread} as {@code messageId} within {@code within}, and returns the
     * id the server gave the queued submission.
     *
     * @throws NotQueued the socket is absent, refused the connection, or did not speak WebSocket or
     *     JSON-RPC, or the server answered the request with an error
     * @throws IOException the connection broke after the request was sent: it may be queued
     * @throws TimeoutException no answer within {@code within}: the server does not answer (and had the
     *     request, when it got that far)
     */
    static String queue(Path socket, String thread, String text, String messageId, Duration within)
            throws NotQueued, IOException, TimeoutException {
        long deadline = System.nanoTime() + within.toNanos();
        UnixWebSocket ws;
        try {
            ws = UnixWebSocket.open(socket, "/rpc", deadline, MAX_MESSAGE);
        } catch (IOException e) {
            throw new NotQueued("Codex's control socket " + socket + ": " + e.getMessage());
        }
        try (ws) {
            try {
                ws.send(
                        json(new Request(
                                INITIALIZE,
                                INITIALIZE,
                                new Initialize(
                                        new ClientInfo("gather", "gather", Build.version()), new Capabilities(true)))),
                        deadline);
                answer(ws, INITIALIZE, deadline);
                ws.send(json(new Notification("initialized")), deadline);
            } catch (IOException e) {
                throw new NotQueued("Codex's app server: " + e.getMessage());
            }
            QueueAdd add = new QueueAdd(thread, List.of(new TextInput("text", text, List.of())), messageId);
            ws.send(json(new Request(QUEUE, "thread/queue/add", add)), deadline);
            JsonNode queued =
                    answer(ws, QUEUE, deadline).path("queuedSubmission").path("id");
            return queued.isTextual() ? queued.asText() : messageId;
        }
    }

    /** The result of request {@code id}, past the notifications that come before it; its error is {@link NotQueued}. */
    private static JsonNode answer(UnixWebSocket ws, String id, long deadline)
            throws NotQueued, IOException, TimeoutException {
        while (true) {
            JsonNode message = JSON.readTree(ws.receive(deadline));
            if (message.has("method") || !id.equals(message.path("id").asText(null))) {
                continue; // a notification, or the server's own request: neither is this answer
            }
            if (message.has("error")) {
                throw new NotQueued("Codex's app server refused " + id + ": "
                        + message.path("error")
                                .path("message")
                                .asText(message.path("error").toString()));
            }
            return message.path("result");
        }
    }

    private static String json(Object message) {
        try {
            return JSON.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a request of records always writes", e);
        }
    }
}
