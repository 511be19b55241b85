package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
            org.awaitility.Awaitility.await()
                    .atMost(java.time.Duration.ofSeconds(30))
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

    private static SocketChannel connect(Path path) throws Exception {
        SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
        c.connect(UnixDomainSocketAddress.of(path));
        return c;
    }

    private static String exchange(SocketChannel c, String line) throws Exception {
        Channels.newOutputStream(c).write((line + "\n").getBytes(StandardCharsets.UTF_8));
        return reader(c).readLine();
    }

    private static BufferedReader reader(SocketChannel c) {
        return new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
    }
}
