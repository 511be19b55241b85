package dev.gather.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.home.StateDir;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A thin client of the daemon: one request, one response. Starts a daemon when none answers (as
 * tmux does), detached in its own session so it outlives the client's terminal.
 */
public final class DaemonClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    /**
     * How a daemon's JVM runs: a long-lived process that must come back to its size after a burst
     * (5,000 connections, docs/performance.md). A small initial heap that may shrink again, the native
     * heap trimmed every 5 s (ignored by a JVM that lacks the flag), few malloc arenas.
     */
    public static final List<String> DAEMON_JVM = List.of(
            "-XX:+UseSerialGC",
            "-Xms16m",
            "-XX:MaxHeapFreeRatio=40",
            "-XX:+IgnoreUnrecognizedVMOptions",
            "-XX:TrimNativeHeapInterval=5000");

    /** The daemon's environment beyond gather's own variables. */
    public static final java.util.Map<String, String> DAEMON_ENV = java.util.Map.of("MALLOC_ARENA_MAX", "2");

    private final StateDir state;
    private final Optional<String> callerPane;
    private final Optional<String> onBehalfOf;

    public DaemonClient(StateDir state, Optional<String> callerPane) {
        this(state, callerPane, Optional.empty());
    }

    private DaemonClient(StateDir state, Optional<String> callerPane, Optional<String> onBehalfOf) {
        this.state = state;
        this.callerPane = callerPane;
        this.onBehalfOf = onBehalfOf;
    }

    /**
     * A client for this process: {@code $GATHER_HOME}, {@code $TMUX_PANE}, and {@code $GATHER_PANE}
     * when set (acting explicitly on behalf of that pane from outside it).
     */
    public static DaemonClient fromEnvironment() {
        return new DaemonClient(
                StateDir.fromEnvironment(),
                Optional.ofNullable(System.getenv("TMUX_PANE")).filter(p -> !p.isBlank()),
                Optional.ofNullable(System.getenv("GATHER_PANE")).filter(p -> !p.isBlank()));
    }

    /** This client acting on behalf of {@code pane} from outside it (the daemon refuses it from inside another pane). */
    public DaemonClient onBehalfOf(String pane) {
        return new DaemonClient(state, callerPane, Optional.of(pane));
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
        try {
            answer = exchange(request);
        } catch (IOException notRunning) {
            requireOwnStateDir();
            startDaemon();
            answer = exchange(request);
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
    public void stream(ObjectNode request, java.util.function.Predicate<JsonNode> line) throws IOException {
        SocketChannel connected;
        try {
            connected = connect();
        } catch (IOException notRunning) {
            startDaemon();
            connected = connect();
        }
        try (SocketChannel ch = connected) {
            OutputStream out = Channels.newOutputStream(ch);
            out.write((JSON.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8));
            String head = in.readLine();
            if (head == null) {
                throw new IOException("the daemon closed the connection without answering");
            }
            JsonNode answer = JSON.readTree(head);
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

    private SocketChannel connect() throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(state.socket()));
            return ch;
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    /** Whether a daemon answers on this state directory's socket now. */
    public boolean running() {
        try {
            exchange(request("hello"));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private JsonNode exchange(ObjectNode request) throws IOException {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(state.socket()));
            OutputStream out = Channels.newOutputStream(ch);
            out.write((JSON.writeValueAsString(request) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8));
            String line = in.readLine();
            if (line == null) {
                throw new IOException("the daemon closed the connection without answering");
            }
            return JSON.readTree(line);
        }
    }

    /**
     * The state directory (and its socket) must be this user's: another user's daemon is not ours to
     * reach or start, and saying so beats blaming setsid or a log we cannot read.
     */
    private void requireOwnStateDir() {
        String me = System.getProperty("user.name");
        for (Path p : List.of(state.root(), state.socket())) {
            String owner;
            try {
                owner = Files.getOwner(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        .getName();
            } catch (IOException | UnsupportedOperationException e) {
                continue; // not there yet (a first start makes it) or no owners on this file system
            }
            if (!owner.equals(me)) {
                throw new UserError("the gather state directory " + state.root() + " belongs to user " + owner
                        + ", not to you (" + me + "); its daemon is theirs. Set GATHER_HOME to a directory of"
                        + " your own");
            }
        }
    }

    private void startDaemon() throws IOException {
        // on stderr (stdout may be an MCP stream): a first call waits seconds for the JVM and tmux, and says why
        System.err.println("gather: starting the daemon for " + state.root() + " (log: " + state.log() + ") …");
        Files.createDirectories(state.root());
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid");
        }
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(DAEMON_JVM);
        cmd.add("-Dorg.slf4j.simpleLogger.logFile=" + state.log());
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("dev.gather.cli.Main");
        cmd.add("daemon");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(state.log().toFile()))
                .redirectErrorStream(true);
        pb.environment().put("GATHER_HOME", state.root().toString());
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("GATHER_PANE");
        pb.environment().putAll(DAEMON_ENV);
        Process p = pb.start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        long pause = TimeUnit.MILLISECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (running()) {
                System.err.println("gather: daemon ready");
                return;
            }
            if (!p.isAlive() && p.exitValue() != 0) {
                throw new IOException("the daemon failed to start (exit " + p.exitValue() + "); see " + state.log());
            }
            // polling the socket with backoff: a daemon announces nothing else when it is ready
            LockSupport.parkNanos(pause);
            pause = Math.min(pause * 2, TimeUnit.MILLISECONDS.toNanos(200));
        }
        throw new IOException("no daemon answered on " + state.socket() + " within " + START_TIMEOUT.toSeconds()
                + " s; see " + state.log());
    }
}
