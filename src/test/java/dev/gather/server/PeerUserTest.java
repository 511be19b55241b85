package dev.gather.server;

import static dev.gather.server.UnixClient.connect;
import static dev.gather.server.UnixClient.exchange;
import static dev.gather.server.UnixClient.reader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, "every socket checks its peer": the daemon serves only its own user, by the user id the
 * kernel gives for each connection (SO_PEERCRED), whatever the socket's mode let through. Tests may
 * run as one user only, so "another user" is a server told it serves someone else, and the kernel's
 * answer for this process is what it refuses.
 */
class PeerUserTest {
    @TempDir
    Path dir;

    @Test
    void onlyTheServedUserIdPassesAndAnUnsaidOneIsLeftToTheSocketsMode() {
        assertEquals(Optional.empty(), PeerUser.refusal(1000, 1000));
        assertEquals(Optional.empty(), PeerUser.refusal(PeerUser.UNKNOWN, 1000), "the kernel did not say");
        String other = PeerUser.refusal(1001, 1000).orElseThrow();
        assertTrue(other.contains("runs as user id 1001") && other.contains("only user id 1000"), other);
        // root is another user too: a user's daemon acts for that user alone
        assertTrue(PeerUser.refusal(0, 1000).isPresent());
    }

    @Test
    void theDaemonsOwnUserIsServedWithItsPid() throws Exception {
        Path path = dir.resolve("own.sock");
        try (SocketServer server = new SocketServer(path)) {
            serve(server, new AtomicInteger());
            try (SocketChannel c = connect(path)) {
                assertEquals("{\"pid\":" + ProcessHandle.current().pid() + "}", exchange(c, "{}"));
            }
        }
    }

    @Test
    void aProcessOfAnotherUserIsToldWhyAndClosedBeforeAnyRequestIsAnswered() throws Exception {
        Path path = dir.resolve("other.sock");
        long mine = ((Number) Files.getAttribute(dir, "unix:uid")).longValue();
        AtomicInteger answered = new AtomicInteger();
        try (SocketServer server = new SocketServer(
                path,
                SocketServer.MAX_CLIENTS,
                SocketServer.PER_PEER,
                Duration.ofSeconds(10),
                Clock.systemUTC(),
                OptionalLong.of(mine + 1))) {
            serve(server, answered);
            try (SocketChannel c = connect(path)) {
                BufferedReader in = reader(c);
                String refusal = in.readLine();
                assertTrue(refusal.contains("\"ok\":false"), refusal);
                assertTrue(refusal.contains("runs as user id " + mine), refusal);
                assertTrue(refusal.contains("serves only user id " + (mine + 1)), refusal);
                assertNull(in.readLine(), "and then closed");
            }
            assertEquals(0, answered.get(), "no request of theirs reached an op");
        }
    }

    private static void serve(SocketServer server, AtomicInteger answered) {
        Thread accept = new Thread(
                () -> server.serve((peer, line) -> {
                    answered.incrementAndGet();
                    return "{\"pid\":" + peer.pid() + "}";
                }),
                "peer-user-test-accept");
        accept.setDaemon(true);
        accept.start();
    }
}
