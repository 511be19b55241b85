package dev.gather.server;

import static dev.gather.server.UnixClient.connect;
import static dev.gather.server.UnixClient.exchange;
import static dev.gather.server.UnixClient.reader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stopping server ends its connections by their ends, never by closing them under their threads or
 * interrupting those: a thread between its check and its write would use a file descriptor number
 * the next opened file may hold (a test daemon's answer once broke the tmux spawn that followed).
 */
class SocketServerCloseTest {
    @TempDir
    Path dir;

    @Test
    void closeEndsAStreamAndAnIdleConnectionAndReturnsOnceTheirThreadsHaveEndedUninterrupted() throws Exception {
        Path path = dir.resolve("s.sock");
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch streaming = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        SocketServer server = new SocketServer(path, 8);
        Thread accept = new Thread(
                () -> server.serve((peer, line, out, gone, connection) -> {
                    if (!line.contains("stream")) {
                        out.accept("{\"ok\":true}");
                        return true;
                    }
                    // a stream writes until its client goes, waiting between its lines
                    while (!gone.getAsBoolean()) {
                        out.accept("{\"tick\":true}");
                        streaming.countDown();
                        try {
                            never.await(10, TimeUnit.MILLISECONDS);
                        } catch (InterruptedException e) {
                            interrupted.set(true);
                            return false;
                        }
                    }
                    return false;
                }),
                "test-accept");
        accept.setDaemon(true);
        accept.start();
        try (SocketChannel idle = connect(path);
                SocketChannel stream = connect(path)) {
            assertEquals("{\"ok\":true}", exchange(idle, "{}"));
            BufferedReader ticks = reader(stream);
            exchange(stream, "{\"op\":\"stream\"}");
            assertTrue(streaming.await(30, TimeUnit.SECONDS));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> server.threads() == 2);

            server.close();

            assertEquals(0, server.threads(), "close returned before its connections' threads had ended");
            assertFalse(interrupted.get(), "a connection's thread was interrupted, which closes its channel under it");
            assertEquals(null, reader(idle).readLine(), "the idle connection is ended");
            String line;
            do {
                line = ticks.readLine();
            } while (line != null);
        }
        accept.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(accept.isAlive(), "the accept loop ends with the server");
    }
}
