package dev.gather.server;

import static dev.gather.server.UnixClient.connect;
import static dev.gather.server.UnixClient.exchange;
import static dev.gather.server.UnixClient.reader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The socket's bound on connections, and the peer's pid it hands to each answer. */
class SocketServerTest {
    @TempDir
    Path dir;

    @Test
    void pastTheBoundAConnectionIsToldSoInOneLineAndAFreedSlotIsServedAgain() throws Exception {
        Path path = dir.resolve("s.sock");
        try (SocketServer server = new SocketServer(path, 3)) {
            Thread accept = new Thread(() -> server.serve((peer, line) -> "{\"pid\":" + peer.pid() + "}"));
            accept.setDaemon(true);
            accept.start();
            List<SocketChannel> open = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                SocketChannel c = connect(path);
                open.add(c);
                // each served connection answers, with this process's pid from the kernel
                assertEquals("{\"pid\":" + ProcessHandle.current().pid() + "}", exchange(c, "{}"));
            }
            try (SocketChannel fourth = connect(path)) {
                String refusal = reader(fourth).readLine();
                assertTrue(refusal.contains("too many connections: the daemon serves 3 at once"), refusal);
                assertEquals(null, reader(fourth).readLine(), "and then closed");
            }
            open.remove(0).close();
            // the slot frees when the server sees the close: a new connection is served once it has
            Awaitility.await()
                    .atMost(Duration.ofSeconds(30))
                    .ignoreExceptions() // a refused attempt may end before its request is written
                    .until(() -> {
                        try (SocketChannel again = connect(path)) {
                            return exchange(again, "{}")
                                    .equals("{\"pid\":"
                                            + ProcessHandle.current().pid() + "}");
                        }
                    });
            for (SocketChannel c : open) {
                c.close();
            }
        }
    }
}
