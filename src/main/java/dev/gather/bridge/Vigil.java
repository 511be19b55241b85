package dev.gather.bridge;

import dev.gather.client.Patience;
import dev.gather.home.StateDir;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches a bridged MCP session's waiting calls: when the daemon stops answering (frozen by SIGSTOP,
 * deadlocked), each waiting call is answered with an error naming the daemon and what ends it, so an
 * agent's tool call never hangs; a daemon that is merely slow answers the probe and is waited for.
 */
final class Vigil {
    private Vigil() {}

    /**
     * Starts watching {@code memory}'s calls on the daemon of {@code state} for as long as the process
     * runs; the error answers go to {@code stdout}, written under {@code lock} as every answer is.
     */
    static void keep(StateDir state, SessionMemory memory, OutputStream stdout, Object lock) {
        Thread t = new Thread(
                () -> {
                    while (true) {
                        LockSupport.parkNanos(Patience.PROBE.toNanos());
                        if (memory.waiting() && !Patience.answers(state)) {
                            try {
                                for (String answer : memory.abandon(Patience.message(state))) {
                                    synchronized (lock) {
                                        stdout.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
                                        stdout.flush();
                                    }
                                }
                            } catch (IOException clientGone) {
                                return; // nobody reads the answers: the bridge ends by itself
                            }
                        }
                    }
                },
                "gather-mcp-vigil");
        t.setDaemon(true);
        t.start();
    }
}
