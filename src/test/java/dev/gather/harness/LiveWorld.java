package dev.gather.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.daemon.Daemon;
import dev.gather.home.StateDir;
import dev.gather.journal.Transcript;
import dev.gather.tmux.Pane;
import dev.gather.tmux.SpawnSpec;
import dev.gather.tmux.Tmux;
import dev.gather.tmux.TmuxConfig;
import dev.gather.tmux.Tmuxes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A private tmux server and an in-process daemon on a private state directory, for real harnesses:
 * the minimum of daemon/World this package needs. Closing it kills the server.
 */
final class LiveWorld implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    final String socket = "gather-test-" + UUID.randomUUID();
    final StateDir state;
    final Tmux tmux;
    final Daemon daemon;
    private final List<Pane> spawned = new java.util.concurrent.CopyOnWriteArrayList<>();

    LiveWorld(Path gatherHome) throws IOException {
        this.state = new StateDir(gatherHome);
        this.tmux = Tmuxes.connect(TmuxConfig.socket(socket));
        this.daemon = Daemon.inProcess(state, tmux);
        // as a daemon process does: `gather mcp` from the harnesses is bridged to it
        dev.gather.cli.DaemonCli.serveBridges(daemon.dispatcher(), state);
    }

    /** Starts {@code command} in its own session {@code name}, with {@code env} and GATHER_HOME. */
    Pane spawn(String name, List<String> command, Map<String, String> env, Path cwd) {
        Map<String, String> all = new HashMap<>(env);
        all.put("GATHER_HOME", state.root().toString());
        // a daemon a harness's gather mcp starts (if this world's is gone) stays on this tmux server
        all.put("GATHER_TMUX_SOCKET", socket);
        all.put("LANG", "C.UTF-8");
        Pane pane = tmux.spawn(new SpawnSpec(name, command, all, cwd, 120, 40));
        spawned.add(pane);
        return pane;
    }

    String screen(Pane pane) {
        return tmux.capture(pane.id(), 0);
    }

    /** One protocol request, as a client in {@code pane} would send it. */
    JsonNode call(Pane pane, String op, ObjectNode args) throws IOException {
        ObjectNode r = args.deepCopy().put("op", op);
        r.putObject("caller").put("pane", pane == null ? null : pane.id());
        return JSON.readTree(daemon.answer(JSON.writeValueAsString(r)));
    }

    static ObjectNode args() {
        return JSON.createObjectNode();
    }

    /** Waits for {@code condition}; on timeout the failure shows what {@code panes} showed then. */
    void until(Duration atMost, java.util.concurrent.Callable<Boolean> condition, Pane... panes) {
        until(atMost, condition, () -> "", panes);
    }

    /** Waits for {@code condition}; on timeout the failure shows {@code panes} and {@code more}. */
    void until(
            Duration atMost,
            java.util.concurrent.Callable<Boolean> condition,
            java.util.function.Supplier<String> more,
            Pane... panes) {
        try {
            org.awaitility.Awaitility.await().atMost(atMost).until(condition);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            StringBuilder shown = new StringBuilder(e.getMessage());
            for (Pane p : panes) {
                shown.append("\n--- ")
                        .append(p.session())
                        .append(' ')
                        .append(p.id())
                        .append(":\n");
                shown.append(screen(p).stripTrailing());
            }
            throw new AssertionError(shown.append('\n').append(more.get()).toString(), e);
        }
    }

    /** The daemon's status answer, as text. */
    String status() {
        try {
            return call(null, "status", args()).toString();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The ids of the links the daemon knows, as {@code links} answers. */
    List<String> links() throws IOException {
        List<String> ids = new java.util.ArrayList<>();
        call(null, "links", args())
                .path("links")
                .forEach(l -> ids.add(l.path("id").asText()));
        return ids;
    }

    List<JsonNode> entries(String journal, String kind) {
        Path file = state.journals().resolve(journal + ".jsonl");
        List<JsonNode> all = Files.exists(file) ? Transcript.read(file) : List.of();
        return all.stream().filter(e -> e.path("kind").asText().equals(kind)).toList();
    }

    /** The absolute path of this worktree's bin/gather: hooks run it as shell, no JVM per turn. */
    static Path gatherScript() {
        return Path.of("bin/gather").toAbsolutePath();
    }

    @Override
    public void close() {
        // the harnesses go first: their gather mcp bridges outlive a daemon and would start another
        try {
            endSpawned();
        } finally {
            try {
                daemon.close();
            } finally {
                killServer();
            }
        }
    }

    /** Ends what the panes run: Gemini's node outlives its tmux server (it ignores the hang-up). */
    private void endSpawned() {
        for (Pane pane : spawned) {
            ProcessHandle.of(pane.pid()).ifPresent(root -> {
                List<ProcessHandle> tree =
                        new java.util.ArrayList<>(root.descendants().toList());
                tree.add(root);
                tree.forEach(ProcessHandle::destroy);
                for (ProcessHandle p : tree) {
                    try {
                        p.onExit().get(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                        p.destroyForcibly();
                    }
                }
            });
        }
    }

    private void killServer() {
        try {
            new ProcessBuilder("tmux", "-L", socket, "kill-server")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run tmux to clean up " + socket, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
