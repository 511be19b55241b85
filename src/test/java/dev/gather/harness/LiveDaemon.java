package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.daemon.Daemon;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.tmux.Pane;
import dev.gather.tmux.PrivateServer;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.Tmuxes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A private tmux server and an in-process daemon on a private state directory, asked as a client in a
 * pane would ask it: what every live harness test drives its harnesses through.
 */
abstract class LiveDaemon {
    private final PrivateServer server = new PrivateServer();
    final String socket = server.socket();
    final StateDir state;
    final Tmux tmux;
    final Daemon daemon;

    LiveDaemon(Path stateRoot) throws IOException {
        this.state = new StateDir(stateRoot);
        this.tmux = Tmuxes.connect(server.config);
        this.daemon = Daemon.inProcess(state, tmux);
    }

    static ObjectNode args() {
        return FakeModel.JSON.createObjectNode();
    }

    /** One protocol request, as a client in {@code caller} (none: outside every pane) would send it. */
    JsonNode call(Pane caller, String op, ObjectNode args) throws IOException {
        ObjectNode r = args.deepCopy().put("op", op);
        r.putObject("caller").put("pane", caller == null ? null : caller.id());
        return FakeModel.JSON.readTree(daemon.answer(FakeModel.JSON.writeValueAsString(r)));
    }

    /** Links {@code from} directly with {@code to}, sending {@code message} first; the link's id. */
    String link(Pane from, Pane to, String message) throws IOException {
        JsonNode answer = call(
                from, "send", args().put("to", to.id()).put("message", message).put("direct", true));
        assertTrue(answer.path("ok").asBoolean(), answer.toString());
        return answer.path("link").path("id").asText();
    }

    /** What {@code pane} shows now. */
    String screen(Pane pane) {
        return tmux.capture(pane.id(), 0);
    }

    /** The entries of kind {@code kind} of journal {@code journal} (a link's, a gathering's) so far. */
    List<JsonNode> entries(String journal, String kind) {
        Path file = state.journals().resolve(journal + ".jsonl");
        List<JsonNode> all = Files.exists(file) ? Transcript.read(file) : List.of();
        return all.stream().filter(e -> e.path("kind").asText().equals(kind)).toList();
    }

    /** Kills the tmux server, and with it what its panes run, whatever state the driver is in. */
    void killServer() {
        server.kill();
    }
}
