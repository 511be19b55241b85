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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process at its cap of connections is not locked out of its own next request (issue 35): its
 * longest idle connection, else its oldest stream, gives way; idle connections end when the server's
 * clock says so, which a test moves instead of waiting the minute out.
 */
class ConnectionsGiveWayTest {
    private static final String ANSWER = "{\"answered\":true}";

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
    void aProcessWithFiveThousandIdleConnectionsIsAnsweredItsNextRequest() throws Exception {
        Path path = serve(Clock.systemUTC(), (peer, line, out, gone, connection) -> {
            out.accept(ANSWER);
            return true;
        });
        for (int i = 0; i < 5_000; i++) {
            open.add(connect(path)); // opened and left idle, as the hostile case did
        }
        // the ones that gave way have closed (on a loaded machine they may lag the loop): the process
        // holds its 64 idle places, its cap, when it asks
        await().atMost(Duration.ofSeconds(60)).until(() -> server.open() == SocketServer.PER_PEER);
        try (SocketChannel next = connect(path)) {
            assertEquals(ANSWER, exchange(next, "{}"));
        }
        // the first ones gave way, each told why, and the process holds no more than its cap
        String told = OwnThread.supply("read", () -> line(open.get(0))).get(30, TimeUnit.SECONDS);
        assertTrue(told.contains("opened more connections than it may hold (64)"), told);
        await().atMost(Duration.ofSeconds(60)).until(() -> server.open() == SocketServer.PER_PEER - 1);
    }

    @Test
    void atItsCapAProcessesOldestStreamGivesWayToItsNextRequest() throws Exception {
        CountDownLatch following = new CountDownLatch(SocketServer.PER_PEER);
        Path path = serve(Clock.systemUTC(), (peer, line, out, gone, connection) -> {
            out.accept(ANSWER);
            if (!line.contains("follow")) {
                return true;
            }
            // a follow: it writes on until its client is gone, asking from the start, as the events op does
            gone.getAsBoolean();
            following.countDown();
            await().atMost(Duration.ofMinutes(5))
                    .pollInterval(Duration.ofMillis(50))
                    .until(gone::getAsBoolean);
            return false;
        });
        for (int i = 0; i < SocketServer.PER_PEER; i++) {
            SocketChannel follow = connect(path);
            open.add(follow);
            assertEquals(ANSWER, exchange(follow, "{\"follow\":true}"));
        }
        assertTrue(following.await(30, TimeUnit.SECONDS), "every follow running");
        try (SocketChannel next = connect(path)) {
            assertEquals(ANSWER, exchange(next, "{}"));
        }
        // the oldest follow was ended (its client resumes by entry number), the newest still runs
        String first = OwnThread.supply("read", () -> line(open.get(0))).get(30, TimeUnit.SECONDS);
        assertEquals(null, first);
        await().atMost(Duration.ofSeconds(30)).until(() -> server.open() == SocketServer.PER_PEER - 1);
    }

    @Test
    void aStreamWhoseClientClosedEndsAndFreesItsPlace() throws Exception {
        Path path = serve(Clock.systemUTC(), (peer, line, out, gone, connection) -> {
            out.accept(ANSWER);
            // a follow with nothing to write: only asking whether its client is gone can end it
            await().atMost(Duration.ofMinutes(5))
                    .pollInterval(Duration.ofMillis(50))
                    .until(gone::getAsBoolean);
            return false;
        });
        for (int i = 0; i < 10; i++) {
            try (SocketChannel follow = connect(path)) {
                assertEquals(ANSWER, exchange(follow, "{\"follow\":true}"));
            } // a web page reloaded: its stream's connection closed
        }
        // junixsocket reads 0 rather than the end when not blocking: these were held until they next wrote
        await().atMost(Duration.ofSeconds(30)).until(() -> server.open() == 0);
    }

    @Test
    void atItsCapWithEveryConnectionAnsweringAProcessIsToldToWait() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch answering = new CountDownLatch(SocketServer.PER_PEER);
        Path path = serve(Clock.systemUTC(), (peer, line, out, gone, connection) -> {
            answering.countDown();
            try {
                release.await(5, TimeUnit.MINUTES); // a slow answer: nothing to give way
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.accept(ANSWER);
            return true;
        });
        for (int i = 0; i < SocketServer.PER_PEER; i++) {
            SocketChannel busy = connect(path);
            open.add(busy);
            busy.write(ByteBuffer.wrap("{}\n".getBytes(StandardCharsets.UTF_8)));
        }
        assertTrue(answering.await(30, TimeUnit.SECONDS), "every connection answering");
        try (SocketChannel next = connect(path)) {
            String refused = reader(next).readLine();
            assertTrue(refused.contains("one process may hold " + SocketServer.PER_PEER + " at once"), refused);
        } finally {
            release.countDown();
        }
    }

    @Test
    void sixtyThreeIdleConnectionsCloseWhenTheClockPassesTheLimit() throws Exception {
        ManualScheduler time = new ManualScheduler();
        Path path = serve(time.clock(), (peer, line, out, gone, connection) -> {
            out.accept(ANSWER);
            return true;
        });
        for (int i = 0; i < 63; i++) {
            open.add(connect(path));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> server.open() == 63);
        ExecutorService readers = Executors.newFixedThreadPool(63, r -> new Thread(r, "idle-reader"));
        try {
            List<CompletableFuture<String>> told = open.stream()
                    .map(idle -> CompletableFuture.supplyAsync(() -> line(idle), readers))
                    .toList();
            // told within a sweep or two of wall time, not the minute the clock is moved by; a connection
            // is counted open before its own thread starts watching it (on a loaded machine, a while
            // before), and a watch begun after the clock moved is due a minute later: moved again until
            // every connection is told
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                time.advance(SocketServer.IDLE.plusSeconds(10));
                return told.stream().allMatch(CompletableFuture::isDone);
            });
            for (CompletableFuture<String> t : told) {
                assertTrue(t.get().contains("no request for 60 s: connection closed"), t.get());
            }
        } finally {
            readers.shutdownNow();
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> server.open() == 0);
    }

    private Path serve(Clock clock, SocketServer.Responder responder) throws Exception {
        Path path = dir.resolve("s.sock");
        server = new SocketServer(path, SocketServer.MAX_CLIENTS, SocketServer.PER_PEER, SocketServer.IDLE, clock);
        Thread accept = new Thread(() -> server.serve(responder));
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
