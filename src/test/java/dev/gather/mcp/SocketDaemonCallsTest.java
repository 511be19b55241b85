package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real {@link DaemonCalls} against a stand-in daemon socket that answers one canned line per request. */
class SocketDaemonCallsTest {
    @TempDir
    Path dir;

    private ServerSocketChannel server;
    private final BlockingQueue<JsonNode> requests = new LinkedBlockingQueue<>();

    private SocketDaemonCalls calls(Function<JsonNode, String> answer) throws Exception {
        StateDir state = new StateDir(dir);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(state.socket()));
        Thread t = new Thread(() -> serve(answer), "fake-daemon");
        t.setDaemon(true);
        t.start();
        return new SocketDaemonCalls(new DaemonClient(state, Optional.of("%7")));
    }

    private void serve(Function<JsonNode, String> answer) {
        while (server.isOpen()) {
            try (SocketChannel ch = server.accept()) {
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8));
                JsonNode request = FakeDaemon.JSON.readTree(in.readLine());
                requests.add(request);
                OutputStream out = Channels.newOutputStream(ch);
                out.write((answer.apply(request) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (Exception e) {
                return;
            }
        }
    }

    @AfterEach
    void close() throws Exception {
        server.close();
    }

    @Test
    void sendsTheOpTheCallerAndTheArgumentsAndReturnsTheResultAlone() throws Exception {
        SocketDaemonCalls calls = calls(r -> "{\"ok\":true,\"gathering_id\":\"g-1\",\"members\":[]}");
        ObjectNode args = FakeDaemon.read("{\"rhythm\":\"daily\",\"op\":\"shutdown\",\"caller\":{\"pane\":\"%1\"}}");
        ObjectNode result = calls.call("start_gathering", args);
        assertEquals(FakeDaemon.read("{\"gathering_id\":\"g-1\",\"members\":[]}"), result);
        JsonNode sent = requests.poll(10, TimeUnit.SECONDS);
        assertEquals("start_gathering", sent.path("op").asText(), "arguments cannot change the op");
        assertEquals("%7", sent.path("caller").path("pane").asText(), "nor claim another caller");
        assertEquals("daily", sent.path("rhythm").asText());
    }

    @Test
    void anErrorAnswerIsARefusalWithTheDaemonsLine() throws Exception {
        SocketDaemonCalls calls = calls(r -> "{\"ok\":false,\"error\":\"send: no live pane %9 in this tmux server\"}");
        DaemonCalls.CallFailed e =
                assertThrows(DaemonCalls.CallFailed.class, () -> calls.call("send", FakeDaemon.read("{}")));
        assertTrue(e.refused());
        assertEquals("send: no live pane %9 in this tmux server", e.getMessage());
    }
}
