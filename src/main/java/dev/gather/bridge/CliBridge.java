package dev.gather.bridge;

import dev.gather.client.Patience;
import dev.gather.home.StateDir;
import java.io.DataInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The quick client commands ({@code status}, {@code send}, {@code links}, {@code transcript}, {@code
 * say}, {@code pass}) without a full JVM start: the running daemon runs the command for this process
 * and sends its output back. With no daemon running, or one too old to do it, the command runs in this
 * process as before (starting a daemon when it needs one).
 */
public final class CliBridge {
    private CliBridge() {}

    public static void main(String[] args) throws Exception {
        DaemonSocket.skipProviderLookup();
        int code;
        try {
            code = run(args, System.getenv());
        } catch (Patience.NotAnswering frozen) {
            // running the command here would wait on the same daemon
            System.err.println("gather: " + frozen.getMessage());
            code = 1;
        } catch (IOException notBridged) {
            code = -1;
        }
        if (code < 0) {
            // found by name: the full command line is needed only here, and this class must not load it
            Class.forName("dev.gather.cli.Main")
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) args);
        }
        System.exit(code);
    }

    /** The command's exit code, or -1 when no daemon took it (nothing was printed then). */
    static int run(String[] args, Map<String, String> env) throws IOException {
        StateDir state = StateDir.fromEnvironment();
        // no daemon: the command runs here, and starts one if it needs one (transcript does not)
        try (SocketChannel ch = state.connect()) {
            StringBuilder argv = new StringBuilder(",\"argv\":[");
            for (int i = 0; i < args.length; i++) {
                argv.append(i == 0 ? "" : ",").append(DaemonSocket.quote(args[i]));
            }
            DaemonSocket.write(
                    ch, DaemonSocket.head("cli", env, argv.append(']').toString()));
            String answer = Patience.await(state, ch, () -> DaemonSocket.readLine(ch));
            if (answer == null || !answer.startsWith("{\"ok\":true")) {
                return -1; // an older daemon, or one going away: the command runs here instead
            }
            return relay(state, ch);
        }
    }

    /**
     * Copies the daemon's frames to stdout and stderr; returns the exit code frame's. A reader that
     * stops reading ({@code | head -1}) ends the copy quietly: a closed stdout is not a dead daemon.
     */
    private static int relay(StateDir state, SocketChannel ch) throws IOException {
        DataInputStream frames = new DataInputStream(Channels.newInputStream(ch));
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        OutputStream stderr = new FileOutputStream(FileDescriptor.err);
        while (true) {
            int kind;
            byte[] bytes;
            try {
                kind = Patience.await(state, ch, frames::readUnsignedByte);
                bytes = new byte[frames.readInt()];
                frames.readFully(bytes);
            } catch (Patience.NotAnswering frozen) {
                throw frozen;
            } catch (IOException e) {
                // the daemon has the command: running it again here could send a message twice
                stderr.write("gather: the daemon went away before the command finished; see `gather status`\n"
                        .getBytes(StandardCharsets.UTF_8));
                return 1;
            }
            if (kind == 'x') {
                return ((bytes[0] & 0xff) << 24)
                        | ((bytes[1] & 0xff) << 16)
                        | ((bytes[2] & 0xff) << 8)
                        | (bytes[3] & 0xff);
            }
            OutputStream to = kind == 'o' ? stdout : stderr;
            try {
                to.write(bytes);
                to.flush();
            } catch (IOException readerGone) {
                return 0;
            }
        }
    }
}
