package dev.gather.server;

import static dev.gather.server.UnixClient.connect;
import static dev.gather.server.UnixClient.exchange;
import static dev.gather.server.UnixClient.reader;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.testing.OwnThread;
import dev.gather.time.ManualScheduler;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unbounded work on the daemon's socket (issue 28): connections held open and idle, one process
 * taking every place, and a line one byte past the limit with no newline after it.
 */
class SocketAbuseTest {
    @TempDir
    Path dir;

    private final List<SocketChannel> open = new ArrayList<>();
    private SocketServer server;

    @AfterEach
    void close() throws Exception {
        for (SocketChannel c : open) {
            c.close();
        }
        server.close();
    }

    @Test
    void connectionsLeftIdleAreToldAndClosedSoOtherClientsAreServedAgain() throws Exception {
        // the idle limit runs on a clock the test moves: a loaded machine's stalled accept thread must not
        // free a place before the seventh connection is refused
        ManualScheduler time = new ManualScheduler();
        Path path = serve(6, 6, Duration.ofSeconds(1), time.clock());
        for (int i = 0; i < 6; i++) {
            open.add(connect(path)); // holding a place, asking nothing
        }
        try (SocketChannel late = connect(path)) {
            String refused = reader(late).readLine();
            assertTrue(refused.contains("too many connections"), refused);
        }
        List<CompletableFuture<String>> told = new ArrayList<>();
        for (SocketChannel idle : open) {
            told.add(OwnThread.supply("read", () -> line(idle)));
        }
        // moved again until every connection is told: a watch begun after a move is due a second later
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            time.advance(Duration.ofSeconds(2));
            return told.stream().allMatch(CompletableFuture::isDone);
        });
        for (int i = 0; i < open.size(); i++) {
            String t = told.get(i).get();
            assertTrue(t.contains("no request for 1 s: connection closed"), t);
            assertEquals(null, line(open.get(i)), "and then closed");
        }
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            try (SocketChannel again = connect(path)) {
                return exchange(again, "{}").equals("{\"answered\":true}");
            }
        });
    }

    @Test
    void oneProcessCannotTakeEveryPlace() throws Exception {
        Path path = serve(8, 3, Duration.ofSeconds(60));
        for (int i = 0; i < 3; i++) {
            SocketChannel c = connect(path);
            open.add(c);
            assertEquals("{\"answered\":true}", exchange(c, "{}"));
        }
        // its fourth takes the place of the one idle longest: the process still holds three of the eight
        SocketChannel fourth = connect(path);
        open.add(fourth);
        assertEquals("{\"answered\":true}", exchange(fourth, "{}"));
        String told = OwnThread.supply("read", () -> line(open.get(0))).get(30, TimeUnit.SECONDS);
        assertTrue(
                told.contains("closed: process " + ProcessHandle.current().pid()
                        + " opened more connections than it may hold (3)"),
                told);
        await().atMost(Duration.ofSeconds(30)).until(() -> server.open() == 3);
    }

    @Test
    void aLineOneBytePastTheLimitWithNoNewlineIsAnsweredWithAnErrorAndClosed() throws Exception {
        Path path = serve(4, 4, Duration.ofSeconds(60));
        SocketChannel c = connect(path);
        open.add(c);
        ByteBuffer sent = ByteBuffer.wrap("x".repeat(SocketServer.MAX_LINE + 1).getBytes(StandardCharsets.US_ASCII));
        while (sent.hasRemaining()) {
            c.write(sent);
        }
        // the client holds the line open: the answer must not wait for a newline that never comes
        String answer = OwnThread.supply("read", () -> line(c)).get(30, TimeUnit.SECONDS);
        assertTrue(answer.contains("request line longer than " + SocketServer.MAX_LINE + " bytes"), answer);
        assertEquals(null, line(c), "and then closed");
    }

    private Path serve(int total, int perPeer, Duration idle) throws Exception {
        return serve(total, perPeer, idle, Clock.systemUTC());
    }

    private Path serve(int total, int perPeer, Duration idle, Clock clock) throws Exception {
        Path path = dir.resolve("s.sock");
        server = new SocketServer(path, total, perPeer, idle, clock);
        Thread accept = new Thread(() -> server.serve((peer, line) -> "{\"answered\":true}"));
        accept.setDaemon(true);
        accept.start();
        return path;
    }

    private static String line(SocketChannel c) {
        try {
            return reader(c).readLine();
        } catch (IOException e) {
            return null; // a reset is a close as far as the client can tell
        }
    }
}
