package dev.gather.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.daemon.Daemon;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.Pane;
import dev.gather.tmux.PrivateServer;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.Tmuxes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

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

    /**
     * Presses Enter on {@code words} in {@code pane}'s box as a person does: again when they are still
     * in the box 10 s later. Codex reads an Enter within ~120 ms of input as a new line and Gemini one
     * within 40 ms of a paste, and on a loaded machine those milliseconds can last seconds; a second
     * press submits. A dialog that opens is the prompt taken, and is never pressed into.
     */
    void submit(Pane pane, InputBox box, String words) {
        for (int press = 1; ; press++) {
            tmux.sendKeys(pane.id(), "Enter");
            try {
                // a dialog hides the box, and the history's "> prompt" may then read as our words
                Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> {
                    String screen = screen(pane);
                    return box.read(screen) == InputBox.State.DIALOG || !box.shows(screen, words);
                });
                return;
            } catch (ConditionTimeoutException e) {
                if (box.read(screen(pane)) == InputBox.State.DIALOG) {
                    return;
                }
                if (press == 3) {
                    throw new AssertionError(
                            "'" + words + "' stayed in the box after 3 presses of Enter:\n" + screen(pane), e);
                }
            }
        }
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
