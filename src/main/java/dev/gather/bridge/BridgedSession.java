package dev.gather.bridge;

import dev.gather.client.DaemonStarter;
import dev.gather.home.StateDir;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * One agent's MCP session carried over the daemon's socket, across daemon restarts: when the daemon
 * goes (an upgrade, a crash), the session is rebuilt on the next daemon as soon as the agent calls
 * again, or at once when a call was waiting, which is then answered with an error instead of never.
 * Lines are passed whole (up to a bound, longer ones stream through), so nothing is cut in half.
 */
final class BridgedSession {
    private static final Duration RECONNECT = Duration.ofSeconds(60);

    private final StateDir state;
    private final Map<String, String> env;
    private final InputStream stdin;
    private final OutputStream stdout;
    private final SessionMemory memory = new SessionMemory();
    private final Object out = new Object();

    // guarded by this
    private SocketChannel ch;
    private SocketChannel reading;
    private boolean dropFirst;
    private boolean clientGone;
    private String failed;

    BridgedSession(
            StateDir state, Map<String, String> env, SocketChannel first, InputStream stdin, OutputStream stdout) {
        this.state = state;
        this.env = env;
        this.ch = first;
        this.stdin = stdin;
        this.stdout = stdout;
    }

    /** Runs until the client goes (0) or no daemon can be had again (1). */
    int run() {
        Thread up = new Thread(this::up, "gather-mcp-stdin");
        up.setDaemon(true);
        up.start();
        Vigil.keep(state, memory, stdout, out);
        return down();
    }

    /** Client to daemon: each whole line is noted, then sent to the daemon there is (or the next one). */
    private void up() {
        BoundedStreamLines lines = new BoundedStreamLines(
                (bytes, whole) -> send(bytes, whole ? new String(bytes, StandardCharsets.UTF_8) : null));
        byte[] buf = new byte[8192];
        try {
            int n;
            while ((n = stdin.read(buf)) >= 0) {
                lines.accept(buf, n);
            }
        } catch (IOException e) {
            // the client's stdin broke: it is gone
        }
        synchronized (this) {
            clientGone = true;
            if (ch != null) {
                try {
                    // the daemon's session sees the end of its input, closes, and so ends down()
                    ch.shutdownOutput();
                } catch (IOException e) {
                    closeQuietly(ch);
                }
            }
            notifyAll();
        }
    }

    /** Sends {@code bytes} ({@code line} when they are a whole line) to the daemon, or to the next one. */
    private synchronized void send(byte[] bytes, String line) {
        if (ch == null && !reconnected()) {
            return;
        }
        if (line != null) {
            // noted once a daemon is there to take it (a rebuild answers only what an old one had)
            // and before it is sent (so its answer cannot come first)
            memory.fromClient(line);
        }
        try {
            DaemonSocket.write(ch, bytes);
        } catch (IOException e) {
            if (line == null) {
                return; // the rest of a line too long to keep: the daemon that had its start is gone
            }
            // a write that fails reached no daemon whole, so the line goes to the next one; first
            // down() passes on what the old daemon sent before it went
            SocketChannel dead = ch;
            ch = null;
            memory.unsent(line);
            while (reading == dead && failed == null) {
                try {
                    wait();
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            if (ch == null && !reconnected()) {
                return;
            }
            memory.fromClient(line);
            try {
                DaemonSocket.write(ch, bytes);
            } catch (IOException again) {
                // the new daemon went at once: down() rebuilds, answering this line's request
            }
        }
    }

    /** Daemon to client, from whichever daemon serves the session now. */
    private int down() {
        while (true) {
            SocketChannel c;
            boolean drop;
            synchronized (this) {
                while (ch == null && !clientGone && failed == null) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return 1;
                    }
                }
                if (failed != null) {
                    System.err.println("gather mcp: " + failed);
                    return 1;
                }
                if (ch == null) {
                    return 0;
                }
                c = ch;
                reading = c;
                drop = dropFirst;
                dropFirst = false;
            }
            boolean[] dropping = {drop};
            BoundedStreamLines lines = new BoundedStreamLines((bytes, whole) -> {
                if (dropping[0]) {
                    // the replayed handshake's answer: the client had it from the first daemon
                    dropping[0] = !whole;
                    return;
                }
                if (whole && !memory.fromDaemon(new String(bytes, StandardCharsets.UTF_8))) {
                    return; // a frozen daemon's late answer: the client was told of it already
                }
                synchronized (out) {
                    stdout.write(bytes);
                    stdout.flush();
                }
            });
            ByteBuffer buf = ByteBuffer.allocate(8192);
            try {
                while (c.read(buf.clear()) >= 0) {
                    lines.accept(buf.array(), buf.position());
                }
            } catch (IOException e) {
                // the daemon went, or the client did and nobody reads: told apart below
                if (e instanceof BoundedStreamLines.ClientGone) {
                    return 0;
                }
            }
            synchronized (this) {
                reading = null;
                notifyAll();
                if (clientGone) {
                    return 0;
                }
                lose(c);
            }
        }
    }

    /** {@code c} is gone: forget it, and rebuild at once when a call waits on it. */
    private void lose(SocketChannel c) {
        if (ch != c) {
            return;
        }
        closeQuietly(c);
        ch = null;
        if (memory.waiting() && !clientGone) {
            reconnected();
        }
        notifyAll();
    }

    /** Whether a new session could be had; when not, the bridge ends saying why. */
    private boolean reconnected() {
        try {
            reconnect();
            return true;
        } catch (IOException e) {
            failed = e.getMessage();
            notifyAll();
            return false;
        }
    }

    /** A session on the daemon there is now (started when none answers), with the client's handshake replayed. */
    private void reconnect() throws IOException {
        long deadline = System.nanoTime() + RECONNECT.toNanos();
        SocketChannel c = null;
        while (c == null) {
            try {
                c = McpBridge.open(state, env);
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("no daemon took up the session within " + RECONNECT.toSeconds() + " s ("
                            + e.getMessage() + "); see " + state.log());
                }
                if (!DaemonSocket.answers(state)) {
                    DaemonStarter.start(state, () -> DaemonSocket.answers(state));
                } else {
                    LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
                }
            }
        }
        SessionMemory.Rebuild r = memory.rebuild();
        for (String line : r.toDaemon()) {
            DaemonSocket.write(c, line + "\n");
        }
        synchronized (out) {
            for (String answer : r.toClient()) {
                try {
                    stdout.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
                    stdout.flush();
                } catch (IOException e) {
                    clientGone = true;
                }
            }
        }
        dropFirst = r.dropFirstAnswer();
        ch = c;
        notifyAll();
    }

    private static void closeQuietly(SocketChannel c) {
        try {
            c.close();
        } catch (IOException e) {
            // closing a broken channel
        }
    }
}
