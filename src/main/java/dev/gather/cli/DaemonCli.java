package dev.gather.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.mcp.BridgedSessions;
import dev.gather.server.Dispatcher;
import dev.gather.server.Takeover;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import picocli.CommandLine;

/**
 * The daemon's side of a bridged client command ({@code gather status} and the like, see {@code
 * dev.gather.bridge.CliBridge}): the command runs here, warm, for the bridge's process (its pane from
 * its pid, its {@code $TMUX_PANE} and {@code $GATHER_PANE} as claimed), and its output goes back in
 * frames: a kind ({@code o} stdout, {@code e} stderr, {@code x} exit code), a length, the bytes.
 */
public final class DaemonCli implements Takeover {
    /** The op a bridge opens its connection with. */
    public static final String OP = "cli";

    /** The commands a bridge may hand over: the quick ones that only ask the daemon or read journals. */
    public static final Set<String> COMMANDS = Set.of("status", "send", "links", "transcript", "say", "pass");

    private final StateDir state;

    public DaemonCli(StateDir state) {
        this.state = state;
    }

    /** Lets {@code dispatcher}'s daemon serve both bridges: client commands and MCP sessions. */
    public static void serveBridges(Dispatcher dispatcher, StateDir state) {
        dispatcher.onTakeover(OP, new DaemonCli(state)).onTakeover(BridgedSessions.OP, new BridgedSessions());
    }

    @Override
    public void serve(ObjectNode request, UnaryOperator<String> asCaller, InputStream in, OutputStream out)
            throws IOException {
        List<String> argv = new ArrayList<>();
        request.path("argv").forEach(a -> argv.add(a.asText()));
        DataOutputStream frames = new DataOutputStream(out);
        if (argv.isEmpty() || !COMMANDS.contains(argv.get(0))) {
            frame(
                    frames,
                    'e',
                    ("gather: the daemon runs only "
                                    + String.join(
                                            ", ", COMMANDS.stream().sorted().toList()) + " for a bridge\n")
                            .getBytes(StandardCharsets.UTF_8));
            exit(frames, 2);
            return;
        }
        DaemonClient client = DaemonClient.inDaemon(
                asCaller, pane(request.path("caller").path("pane")), pane(request.path("on_behalf_of")));
        CommandLine cli = BridgedMain.commandLine(new Invocation(state, () -> client));
        PrintWriter stdout = writer(frames, 'o');
        PrintWriter stderr = writer(frames, 'e');
        cli.setOut(stdout);
        cli.setErr(stderr);
        int code = cli.execute(argv.toArray(String[]::new));
        stdout.flush();
        stderr.flush();
        exit(frames, code);
    }

    private static PrintWriter writer(DataOutputStream frames, char kind) {
        OutputStream channel = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                frame(frames, kind, Arrays.copyOfRange(b, off, off + len));
            }
        };
        return new PrintWriter(new OutputStreamWriter(channel, StandardCharsets.UTF_8), true);
    }

    private static void frame(DataOutputStream frames, char kind, byte[] bytes) throws IOException {
        synchronized (frames) {
            frames.writeByte(kind);
            frames.writeInt(bytes.length);
            frames.write(bytes);
            frames.flush();
        }
    }

    private static void exit(DataOutputStream frames, int code) throws IOException {
        synchronized (frames) {
            frames.writeByte('x');
            frames.writeInt(4);
            frames.writeInt(code);
            frames.flush();
        }
    }

    private static Optional<String> pane(JsonNode v) {
        return v.isTextual() && !v.asText().isBlank() ? Optional.of(v.asText()) : Optional.empty();
    }
}
