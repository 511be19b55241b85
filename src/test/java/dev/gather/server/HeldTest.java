package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which of a process's connections gives way: the one whose answer went out first, though its thread
 * may not have come back for the next request yet. On a loaded machine the client read its answer and
 * opened more connections before that thread ran again; a newer connection was closed in its place.
 */
class HeldTest {
    private static final Peer PEER = new Peer(4242);

    @TempDir
    Path dir;

    private ServerSocketChannel server;
    private final List<SocketChannel> ends = new ArrayList<>();
    private final Serving serving = new Serving();
    private final Held held = new Held();

    @BeforeEach
    void listen() throws IOException {
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(dir.resolve("s.sock")));
    }

    @AfterEach
    void close() throws IOException {
        for (SocketChannel c : ends) {
            c.close();
        }
        server.close();
    }

    @Test
    void aConnectionWhoseThreadHasNotComeBackYetWaitsSinceItsAnswerWentOut() throws IOException {
        List<Held.Place> places = answeredThree();
        places.get(1).waiting();
        places.get(2).waiting();
        assertTrue(held.giveWay(PEER));
        assertEquals(List.of(true, false, false), gaveWay(places));
    }

    @Test
    void itsWaitCountsFromItsAnswerNotFromWhenItsThreadCameBack() throws IOException {
        List<Held.Place> places = answeredThree();
        places.get(2).waiting();
        places.get(1).waiting();
        places.get(0).waiting();
        assertTrue(held.giveWay(PEER));
        assertEquals(List.of(true, false, false), gaveWay(places));
    }

    /** Three connections of one process, each asked once and answered, in that order. */
    private List<Held.Place> answeredThree() throws IOException {
        List<Held.Place> places = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ends.add(SocketChannel.open(server.getLocalAddress()));
            SocketChannel accepted = server.accept();
            ends.add(accepted);
            Held.Place p = held.add(PEER, serving.add(accepted));
            p.answering();
            p.answered();
            places.add(p);
        }
        return places;
    }

    private static List<Boolean> gaveWay(List<Held.Place> places) {
        return places.stream().map(Held.Place::gaveWay).toList();
    }
}
