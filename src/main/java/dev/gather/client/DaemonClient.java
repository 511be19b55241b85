package dev.gather.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.StateDir;
import dev.gather.server.UserError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A thin client of the daemon: one request, one response. Starts a daemon when none answers (as
 * tmux does), detached in its own session so it outlives the client's terminal.
 */
public final class DaemonClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How a daemon's JVM runs (see {@link DaemonStarter#DAEMON_JVM}). */
    public static final List<String> DAEMON_JVM = DaemonStarter.DAEMON_JVM;

    /** The daemon's environment beyond gather's own variables. */
    public static final Map<String, String> DAEMON_ENV = DaemonStarter.DAEMON_ENV;

    private final StateDir state;
    private final Optional<String> callerPane;
    private final Optional<String> onBehalfOf;
    /** Answers request lines inside the daemon instead of over its socket; null for a socket client. */
    private final UnaryOperator<String> local;

    public DaemonClient(StateDir state, Optional<String> callerPane) {
        this(state, callerPane, Optional.empty(), null);
    }

    private DaemonClient(
            StateDir state, Optional<String> callerPane, Optional<String> onBehalfOf, UnaryOperator<String> local) {
        this.state = state;
        this.callerPane = callerPane;
        this.onBehalfOf = onBehalfOf;
        this.local = local;
    }

    /**
     * A client inside the daemon for a bridged connection: its requests carry the pane and {@code
     * onBehalfOf} that connection's process claimed, and {@code asCaller} answers them as the daemon
     * answers that process ({@link dev.gather.server.Takeover}).
     */
    public static DaemonClient inDaemon(
            UnaryOperator<String> asCaller, Optional<String> callerPane, Optional<String> onBehalfOf) {
        // no state directory: it never connects, so it never starts a daemon either
        return new DaemonClient(new StateDir(Path.of("/nonexistent")), callerPane, onBehalfOf, asCaller);
    }

    /**
     * A client for this process: {@code $GATHER_HOME}, {@code $TMUX_PANE}, and {@code $GATHER_PANE}
     * when set (acting explicitly on behalf of that pane from outside it).
     */
    public static DaemonClient fromEnvironment() {
        return new DaemonClient(
                StateDir.fromEnvironment(),
                Optional.ofNullable(System.getenv("TMUX_PANE")).filter(p -> !p.isBlank()),
                Optional.ofNullable(System.getenv("GATHER_PANE")).filter(p -> !p.isBlank()),
                null);
    }

    /** This client acting on behalf of {@code pane} from outside it (the daemon refuses it from inside another pane). */
    public DaemonClient onBehalfOf(String pane) {
        return new DaemonClient(state, callerPane, Optional.of(pane), local);
    }

    /** A fresh request of {@code op}, with the caller filled in. */
    public ObjectNode request(String op) {
        ObjectNode r = JSON.createObjectNode().put("op", op);
        ObjectNode caller = r.putObject("caller");
        callerPane.ifPresentOrElse(p -> caller.put("pane", p), () -> caller.putNull("pane"));
        onBehalfOf.ifPresent(p -> r.put("on_behalf_of", p));
        return r;
    }

    /** Sends {@code request}, starting a daemon first when none runs; throws {@link UserError} on an error answer. */
    public JsonNode call(ObjectNode request) throws IOException {
        JsonNode answer;
        if (local != null) {
            answer = JSON.readTree(local.apply(JSON.writeValueAsString(request)));
        } else {
            answer = exchange(state, DaemonStarter.connectOrStart(state, this::running), request);
        }
        if (!answer.path("ok").asBoolean(false)) {
            throw new UserError(answer.path("error").asText("the daemon refused the request"));
        }
        return answer;
    }

    /**
     * Sends a stream request ({@code events}), starting a daemon first when none runs, and hands {@code
     * line} every line after the first answer until the daemon ends the stream or {@code line} returns
     * false. Throws {@link UserError} when the daemon refuses the request.
     */
    public void stream(ObjectNode request, Predicate<JsonNode> line) throws IOException {
        if (local != null) {
            throw new UserError("'" + request.path("op").asText() + "' streams: run it in a terminal of its own");
        }
        try (SocketChannel ch = DaemonStarter.connectOrStart(state, this::running)) {
            BufferedReader in = send(ch, request);
            // the first answer has a deadline; the lines after it come when something happens
            JsonNode answer = answer(state, ch, in);
            if (!answer.path("ok").asBoolean(false)) {
                throw new UserError(answer.path("error").asText("the daemon refused the request"));
            }
            String next;
            while ((next = in.readLine()) != null) {
                if (!next.isBlank() && !line.test(JSON.readTree(next))) {
                    return;
                }
            }
        }
    }

    /** Whether a daemon answers on this state directory's socket now. */
    public boolean running() {
        if (local != null) {
            return true; // the client of the daemon it runs in
        }
        try {
            exchange(state, state.connect(), request("hello"));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static JsonNode exchange(StateDir state, SocketChannel connected, ObjectNode request) throws IOException {
        try (SocketChannel ch = connected) {
            return answer(state, ch, send(ch, request));
        }
    }

    /** Writes {@code request} as one line; the reader of what the daemon answers on {@code ch}. */
    private static BufferedReader send(SocketChannel ch, ObjectNode request) throws IOException {
        OutputStream out = Channels.newOutputStream(ch);
        out.write((JSON.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        return new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8));
    }

    /** The daemon's first answer line, within the client's patience. */
    private static JsonNode answer(StateDir state, SocketChannel ch, BufferedReader in) throws IOException {
        String line = Patience.await(state, ch, in::readLine);
        if (line == null) {
            throw new IOException("the daemon closed the connection without answering");
        }
        return JSON.readTree(line);
    }
}
