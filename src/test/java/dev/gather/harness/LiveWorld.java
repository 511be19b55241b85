package dev.gather.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.cli.DaemonCli;
import dev.gather.daemon.ThisBuild;
import dev.gather.process.Processes;
import dev.gather.tmux.Pane;
import dev.gather.tmux.ScreensShown;
import dev.gather.tmux.SpawnSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A private tmux server and an in-process daemon on a private state directory, for real harnesses:
 * the minimum of daemon/World this package needs. Closing it kills the server.
 */
final class LiveWorld extends LiveDaemon implements AutoCloseable {
    static final ObjectMapper JSON = FakeModel.JSON;

    private final List<Pane> spawned = new CopyOnWriteArrayList<>();

    LiveWorld(Path gatherHome) throws IOException {
        super(gatherHome);
        // as a daemon process does: `gather mcp` from the harnesses is bridged to it
        DaemonCli.serveBridges(daemon.dispatcher(), state);
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

    /**
     * Pane {@code id}, started by the daemon (a gathering's member), is ended with this world's own:
     * its harness may still write to its home as it exits after the gathering closed the pane.
     */
    Pane adopt(String id) {
        Pane pane = tmux.panes().stream()
                .filter(p -> p.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no pane " + id + " on " + socket));
        spawned.add(pane);
        return pane;
    }

    /** Waits for {@code condition}; on timeout the failure shows what {@code panes} showed then. */
    void until(Duration atMost, Callable<Boolean> condition, Pane... panes) {
        until(atMost, condition, () -> "", panes);
    }

    /** Waits for {@code condition}; on timeout the failure shows {@code panes} and {@code more}. */
    void until(Duration atMost, Callable<Boolean> condition, Supplier<String> more, Pane... panes) {
        ScreensShown.until(atMost, condition, this::screen, more, panes);
    }

    /** The daemon's status answer, as text. */
    String status() {
        try {
            return call(null, "status", args()).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The ids of the links the daemon knows, as {@code links} answers. */
    List<String> links() throws IOException {
        List<String> ids = new ArrayList<>();
        call(null, "links", args())
                .path("links")
                .forEach(l -> ids.add(l.path("id").asText()));
        return ids;
    }

    /** Writes agents.yaml: each kind runs its command line, with {@code env} set by {@code env(1)} where given. */
    void agents(Map<String, List<String>> commands) throws IOException {
        StringBuilder yaml = new StringBuilder("agents:\n");
        for (Map.Entry<String, List<String>> e : new TreeMap<>(commands).entrySet()) {
            yaml.append("  ")
                    .append(e.getKey())
                    .append(": ")
                    .append(JSON.writeValueAsString(e.getValue()))
                    .append('\n');
        }
        Files.writeString(state.root().resolve("agents.yaml"), yaml);
    }

    /** {@code program} run by {@code env(1)} with {@code env}: an agents.yaml command line. */
    static List<String> withEnv(Map<String, String> env, String program) {
        List<String> command = new ArrayList<>(List.of("env"));
        env.forEach((k, v) -> command.add(k + "=" + v));
        command.add(program);
        return command;
    }

    /** {@code gather sim} with {@code options} from the test classpath: target/gather.jar is not built yet. */
    static List<String> sim(String... options) {
        return ThisBuild.simCommand(options);
    }

    /**
     * Runs {@code gather args} as a person would, through {@code launcher}, in {@code cwd}, against this
     * world's daemon; returns what it printed, or fails with it when it did not exit 0.
     */
    String gather(Path launcher, Path cwd, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", state.root().toString());
        pb.environment().put("GATHER_TMUX_SOCKET", socket);
        pb.environment().remove("TMUX_PANE");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError("gather " + String.join(" ", args) + " failed:\n" + out);
        }
        return out;
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

    /**
     * Ends what the panes run and waits for it: Gemini's node outlives its tmux server (it ignores the
     * hang-up), and a harness whose pane was closed may still be writing to its home.
     */
    private void endSpawned() {
        spawned.forEach(pane -> Processes.endTree(pane.pid(), Duration.ofSeconds(10)));
    }
}
