package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.testing.TmuxServers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code gather mcp} process spoken to in raw lines: what a careless or hostile client
 * sends, and every line it answers, each checked to be JSON-RPC.
 */
public final class RawMcp implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final OutputStream in;
    private final Path stderr;
    private final BlockingQueue<JsonNode> answers = new LinkedBlockingQueue<>();
    private final List<String> notProtocol = new CopyOnWriteArrayList<>();

    private final Path state;
    private final String tmuxSocket;
    /** Whether the daemon and tmux server are this one's to stop when it closes (the caller named none). */
    private final boolean ownsTmux;

    RawMcp(Path home) throws IOException {
        this(home, home.resolve("state"), "gather-raw-" + UUID.randomUUID(), true);
    }

    /** {@code gather mcp} on state directory {@code state} and tmux server {@code tmuxSocket}; stderr kept in {@code home}. */
    public RawMcp(Path home, Path state, String tmuxSocket) throws IOException {
        this(home, state, tmuxSocket, false);
    }

    private RawMcp(Path home, Path state, String tmuxSocket, boolean ownsTmux) throws IOException {
        this.state = state;
        this.tmuxSocket = tmuxSocket;
        this.ownsTmux = ownsTmux;
        ProcessBuilder pb = new ProcessBuilder(command("mcp"));
        pb.environment().put("GATHER_HOME", state.toString());
        pb.environment().put("GATHER_TMUX_SOCKET", tmuxSocket);
        pb.environment().remove("TMUX_PANE");
        pb.environment().remove("TMUX");
        stderr = Files.createTempFile(home, "mcp", ".err");
        pb.redirectError(stderr.toFile());
        process = pb.start();
        in = process.getOutputStream();
        Thread reader = new Thread(this::readAnswers, "raw-mcp-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** gather from this build: the test JVM's class path, so no packaged jar is needed. */
    public static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.gather.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private void readAnswers() {
        try (var reader = process.inputReader(StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                try {
                    JsonNode n = JSON.readTree(line);
                    if (n == null || !"2.0".equals(n.path("jsonrpc").asText())) {
                        notProtocol.add(line);
                    } else {
                        answers.add(n);
                    }
                } catch (IOException e) {
                    notProtocol.add(line);
                }
            }
        } catch (IOException e) {
            notProtocol.add("stdout failed: " + e.getMessage());
        }
    }

    /** Writes {@code line} and its newline. */
    public RawMcp send(String line) throws IOException {
        return write((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    public RawMcp write(byte[] bytes) throws IOException {
        in.write(bytes);
        in.flush();
        return this;
    }

    /** The next answer, or null when none comes within {@code within}. */
    public JsonNode next(Duration within) throws InterruptedException {
        return answers.poll(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The next answer carrying {@code id} (answers with other ids are dropped), or null when none comes. */
    public JsonNode answerTo(JsonNode id, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            JsonNode n = left <= 0 ? null : answers.poll(left, TimeUnit.NANOSECONDS);
            if (n == null || n.path("id").equals(id)) {
                return n;
            }
        }
    }

    /** The handshake a client must make before any request but ping. */
    public void initialize() throws IOException, InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        JsonNode init = answerTo(JSON.getNodeFactory().textNode("init"), Duration.ofSeconds(60));
        if (init == null || !init.has("result")) {
            throw new IllegalStateException("initialize was not answered: " + init + "; stderr: " + stderr());
        }
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    public List<String> notProtocol() {
        return notProtocol;
    }

    public String stderr() throws IOException {
        return Files.readString(stderr);
    }

    public boolean alive() {
        return process.isAlive();
    }

    @Override
    public void close() throws Exception {
        in.close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (ownsTmux) {
            // the daemon the bridge started on connecting, and its tmux server; a caller that named
            // them stops them itself (it may go on using the daemon)
            stopDaemon(state, tmuxSocket, true);
        }
    }

    /**
     * Stops the daemon a bridged {@code gather mcp} started on {@code state} (it starts one when it
     * connects), and kills the tmux server {@code tmuxSocket} when {@code killTmux}.
     */
    public static void stopDaemon(Path state, String tmuxSocket, boolean killTmux) throws Exception {
        ProcessBuilder stop = new ProcessBuilder(command("daemon", "--stop"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        stop.environment().put("GATHER_HOME", state.toString());
        stop.environment().put("GATHER_TMUX_SOCKET", tmuxSocket);
        stop.environment().remove("TMUX_PANE");
        stop.start().waitFor(60, TimeUnit.SECONDS);
        if (killTmux) {
            TmuxServers.kill(tmuxSocket);
        }
    }
}
