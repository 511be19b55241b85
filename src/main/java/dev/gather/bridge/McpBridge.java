package dev.gather.bridge;

import dev.gather.daemon.DaemonStarter;
import dev.gather.home.StateDir;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Map;

/**
 * {@code gather mcp} as a thin bridge: copies the agent's stdio to the daemon's socket and back, and
 * the daemon serves MCP on that connection. It loads nothing beyond the JDK (no MCP SDK, no Jackson),
 * so each agent's {@code gather mcp} stays small; it runs in the agent's pane, so the daemon finds the
 * pane from this process as before. It ends when its client or the daemon goes.
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
        SocketChannel daemon;
        try {
            daemon = DaemonSocket.connect(state);
        } catch (IOException notRunning) {
            DaemonStarter.start(state, () -> DaemonSocket.answers(state));
            daemon = DaemonSocket.connect(state);
        }
        try (SocketChannel ch = daemon) {
            DaemonSocket.write(ch, DaemonSocket.head("mcp", env, ""));
            String answer = DaemonSocket.readLine(ch);
            if (answer == null) {
                System.err.println("gather mcp: the daemon closed the connection without answering");
                return 1;
            }
            if (!answer.startsWith("{\"ok\":true")) {
                if (answer.contains("unknown op 'mcp'")) {
                    System.err.println("gather mcp: the running daemon is older than this gather and does not host"
                            + " MCP sessions; serving in this process (`gather daemon --stop` restarts it current)");
                    return NOT_OFFERED;
                }
                System.err.println("gather mcp: the daemon refused: " + answer);
                return 1;
            }
            return pump(ch);
        }
    }

    /** Copies stdin to the daemon on a thread and the daemon's bytes to stdout here, until the daemon ends. */
    private static int pump(SocketChannel ch) throws IOException {
        InputStream stdin = new FileInputStream(FileDescriptor.in);
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        boolean[] clientGone = {false};
        Thread up = new Thread(
                () -> {
                    byte[] buf = new byte[8192];
                    try {
                        int n;
                        while ((n = stdin.read(buf)) >= 0) {
                            ByteBuffer b = ByteBuffer.wrap(buf, 0, n);
                            while (b.hasRemaining()) {
                                ch.write(b);
                            }
                        }
                    } catch (IOException e) {
                        // the client's stdin broke, or the daemon went: either way this side is done
                    }
                    synchronized (clientGone) {
                        clientGone[0] = true;
                    }
                    try {
                        // the daemon's session sees the end of its input, closes, and so ends the pump below
                        ch.shutdownOutput();
                    } catch (IOException e) {
                        // already closed
                    }
                },
                "gather-mcp-stdin");
        up.setDaemon(true);
        up.start();
        ByteBuffer buf = ByteBuffer.allocate(8192);
        while (true) {
            buf.clear();
            int n;
            try {
                n = ch.read(buf);
            } catch (IOException e) {
                n = -1;
            }
            if (n < 0) {
                synchronized (clientGone) {
                    if (!clientGone[0]) {
                        System.err.println("gather mcp: the daemon closed the session; see `gather status`");
                        return 1;
                    }
                }
                return 0;
            }
            try {
                stdout.write(buf.array(), 0, n);
                stdout.flush();
            } catch (IOException e) {
                return 0; // nobody reads the answers: the client is gone
            }
        }
    }
}
