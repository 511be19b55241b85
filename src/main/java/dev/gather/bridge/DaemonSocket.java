package dev.gather.bridge;

import dev.gather.home.StateDir;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The daemon's socket as the bridges speak it, with nothing beyond the JDK: one JSON line out, one back. */
final class DaemonSocket {
    private static final int HEAD_LIMIT = 1 << 16;

    private DaemonSocket() {}

    /** The property the JDK reads for its selector provider before it scans the class path for one. */
    static final String PROVIDER = "java.nio.channels.spi.SelectorProvider";

    /** The JDK's own provider on Linux, the one its lookup ends with there. */
    static final String EPOLL = "sun.nio.ch.EPollSelectorProvider";

    /**
     * Names the JDK's own selector provider where it has the epoll one (Linux), so opening the
     * daemon's socket skips the service-loader scan of the class path for another: about 40 ms of a
     * bridged {@code gather status} of ~180. A provider the user named wins; elsewhere the JDK looks
     * as it always does.
     */
    static void skipProviderLookup() {
        if (System.getProperty(PROVIDER) != null) {
            return;
        }
        try {
            Class.forName(EPOLL, false, null);
            System.setProperty(PROVIDER, EPOLL);
        } catch (ClassNotFoundException notLinux) {
            // the JDK finds its provider the usual way
        }
    }

    /**
     * The first line: {@code op}, the pane this process was told it is in and the one it acts for
     * ({@code $TMUX_PANE}, {@code $GATHER_PANE}) as any client sends them, and {@code more} (JSON
     * members, each led by a comma).
     */
    static String head(String op, Map<String, String> env, String more) {
        String tmuxPane = env.get("TMUX_PANE");
        String gatherPane = env.get("GATHER_PANE");
        StringBuilder s = new StringBuilder("{\"op\":").append(quote(op)).append(",\"caller\":{\"pane\":");
        s.append(blank(tmuxPane) ? "null" : quote(tmuxPane)).append('}');
        if (!blank(gatherPane)) {
            s.append(",\"on_behalf_of\":").append(quote(gatherPane));
        }
        return s.append(more).append("}\n").toString();
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** A JSON string: the environment is the user's, so it may hold anything. */
    static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format("\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }

    /** Whether a daemon accepts connections on the state directory's socket. */
    static boolean answers(StateDir state) {
        try (SocketChannel ch = state.connect()) {
            return ch.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    static void write(SocketChannel ch, String line) throws IOException {
        write(ch, line.getBytes(StandardCharsets.UTF_8));
    }

    static void write(SocketChannel ch, byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    /** The daemon's first line, read a byte at a time so that nothing after it is taken from the session. */
    static String readLine(SocketChannel ch) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        ByteBuffer one = ByteBuffer.allocate(1);
        while (line.size() < HEAD_LIMIT) {
            one.clear();
            if (ch.read(one) < 0) {
                return null;
            }
            if (one.get(0) == '\n') {
                return line.toString(StandardCharsets.UTF_8);
            }
            line.write(one.get(0));
        }
        throw new IOException("the daemon's first answer is longer than " + HEAD_LIMIT + " bytes");
    }
}
