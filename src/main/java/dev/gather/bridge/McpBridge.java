package dev.gather.bridge;

import dev.gather.client.DaemonStarter;
import dev.gather.client.Patience;
import dev.gather.home.StateDir;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.Map;

/**
 * {@code gather mcp} as a thin bridge: copies the agent's stdio to the daemon's socket and back, and
 * the daemon serves MCP on that connection. It loads nothing beyond the JDK (no MCP SDK, no Jackson),
 * so each agent's {@code gather mcp} stays small; it runs in the agent's pane, so the daemon finds the
 * pane from this process as before. It ends when its client goes; a daemon that goes is replaced (see {@link BridgedSession}).
 */
public final class McpBridge {
    /** Exit code of {@link #run}: the running daemon does not serve bridged MCP (it is older). */
    public static final int NOT_OFFERED = 75;

    private McpBridge() {}

    /**
     * Started directly by {@code bin/gather mcp} with a small JVM; falls back to serving in this
     * process when the daemon is too old to host the session.
     */
    public static void main(String[] args) throws Exception {
        DaemonSocket.skipProviderLookup();
        int code = run(System.getenv());
        if (code == NOT_OFFERED) {
            // found by name: the full command line is needed only here, and this class must not load it
            Class.forName("dev.gather.cli.Main")
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) new String[] {"mcp", "--in-process"});
        }
        System.exit(code);
    }

    /**
     * Bridges this process's stdin and stdout to a session in the daemon of {@code env}'s state
     * directory, starting that daemon when none runs; returns the exit code, {@link #NOT_OFFERED}
     * before reading any of stdin when the daemon cannot host it.
     */
    public static int run(Map<String, String> env) throws IOException, InterruptedException {
        StateDir state = StateDir.fromEnvironment();
        SocketChannel daemon = DaemonStarter.connectOrStart(state, () -> DaemonSocket.answers(state));
        String answer;
        try {
            answer = head(state, daemon, env);
        } catch (Patience.NotAnswering frozen) {
            System.err.println("gather mcp: " + frozen.getMessage());
            return 1;
        }
        if (answer == null) {
            System.err.println("gather mcp: the daemon closed the connection without answering");
            return 1;
        }
        if (!answer.startsWith("{\"ok\":true")) {
            daemon.close();
            if (answer.contains("unknown op 'mcp'")) {
                System.err.println("gather mcp: the running daemon is older than this gather and does not host"
                        + " MCP sessions; serving in this process (`gather daemon --stop` restarts it current)");
                return NOT_OFFERED;
            }
            System.err.println("gather mcp: the daemon refused: " + answer);
            return 1;
        }
        return new BridgedSession(
                        state,
                        env,
                        daemon,
                        new FileInputStream(FileDescriptor.in),
                        new FileOutputStream(FileDescriptor.out))
                .run();
    }

    /** A new MCP session on the daemon of {@code state}, or an exception saying why not. */
    static SocketChannel open(StateDir state, Map<String, String> env) throws IOException {
        SocketChannel c = state.connect();
        try {
            String answer = head(state, c, env);
            if (answer == null || !answer.startsWith("{\"ok\":true")) {
                throw new IOException("the daemon refused the session: " + answer);
            }
            return c;
        } catch (IOException e) {
            c.close();
            throw e;
        }
    }

    private static String head(StateDir state, SocketChannel c, Map<String, String> env) throws IOException {
        DaemonSocket.write(c, DaemonSocket.head("mcp", env, ""));
        return Patience.await(state, c, () -> DaemonSocket.readLine(c));
    }
}
