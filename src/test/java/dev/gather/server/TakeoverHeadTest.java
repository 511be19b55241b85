package dev.gather.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A session's first line goes out on the connection it takes over, not as an answer: a line written as
 * an answer marks the connection as waiting for its next request (Held), and one that waits may give
 * way to its process's newer connection, which would end the session.
 */
class TakeoverHeadTest {
    @Test
    void theSessionsOkLineIsWrittenOnItsConnectionNotAsAnAnswer() {
        Dispatcher d = new Dispatcher()
                .onTakeover(
                        "session",
                        (request, asCaller, in, out) -> out.write("session line\n".getBytes(StandardCharsets.UTF_8)));
        List<String> answers = new ArrayList<>();
        ByteArrayOutputStream connection = new ByteArrayOutputStream();

        boolean more = d.respond(
                new Peer(4242),
                "{\"op\":\"session\",\"id\":7}",
                answers::add,
                () -> false,
                new SocketServer.Connection(InputStream.nullInputStream(), connection));

        assertFalse(more, "the connection closes when the session ends");
        assertEquals(List.of(), answers, "nothing written as an answer");
        assertEquals("{\"ok\":true,\"id\":7}\nsession line\n", connection.toString(StandardCharsets.UTF_8));
    }
}
