package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.client.DaemonClient;
import dev.gather.home.StateDir;
import dev.gather.server.SocketServer;
import dev.gather.testing.Beside;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon as a real process: auto-start, one per state directory, owner-only socket, hostile lines. */
@Beside
class DaemonProcessTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    private final String tmuxSocket = "gather-test-" + UUID.randomUUID();

    @AfterEach
    void stopDaemon() throws Exception {
        run("daemon", "--stop").waitFor(30, TimeUnit.SECONDS);
        World.tmux(tmuxSocket, "kill-server");
    }

    @Test
    void tenConcurrentClientsStartExactlyOneDaemon() throws Exception {
        List<Process> clients = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            clients.add(run("status"));
        }
        Set<String> pids = new HashSet<>();
        Pattern pid = Pattern.compile("daemon pid (\\d+)");
        for (Process c : clients) {
            String out = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(c.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, c.exitValue(), out);
            Matcher m = pid.matcher(out);
            assertTrue(m.find(), out);
            pids.add(m.group(1));
        }
        assertEquals(1, pids.size(), "every client talked to the same daemon: " + pids);
        // read /proc directly: ProcessHandle's command line comes back empty past 4 KiB (a long class path)
        long alive = pids.stream()
                .filter(daemon -> {
                    try {
                        return Files.readString(Path.of("/proc", daemon, "cmdline"))
                                .contains("dev.gather.cli.Main\0daemon");
                    } catch (IOException gone) {
                        return false;
                    }
                })
                .count();
        assertEquals(1, alive);
    }

    @Test
    void theSocketIsOwnerOnlyAndHostileLinesGetErrorsWhileTheDaemonKeepsServing() throws Exception {
        // start it from a process with our private tmux socket, never the user's default server
        assertEquals(0, run("status").waitFor());
        DaemonClient client = new DaemonClient(new StateDir(home), Optional.empty());
        assertTrue(client.call(client.request("hello")).path("ok").asBoolean());
        StateDir state = new StateDir(home);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state.socket())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state.root())));

        assertEquals(
                "a request is one JSON object per line",
                exchange(state, "[1,2]").path("error").asText());
        assertTrue(exchange(state, "{not json").path("error").asText().contains("not valid JSON"));
        assertTrue(exchange(state, "{\"op\":\"nope\"}").path("error").asText().contains("unknown op 'nope'"));
        assertTrue(exchange(state, "{\"op\":\"send\",\"to\":5}")
                .path("error")
                .asText()
                .contains("'message' is required"));
        String huge = "{\"op\":\"hello\",\"pad\":\"" + "x".repeat(SocketServer.MAX_LINE + 10) + "\"}";
        assertTrue(exchange(state, huge).path("error").asText().contains("longer than"));
        assertTrue(client.call(client.request("hello")).path("ok").asBoolean(), "still serving");
    }

    private static JsonNode exchange(StateDir state, String line) throws Exception {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(state.socket()));
            OutputStream out = Channels.newOutputStream(ch);
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String answer = new BufferedReader(
                            new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8))
                    .readLine();
            assertFalse(answer == null, "the daemon answered");
            return JSON.readTree(answer);
        }
    }

    private Process run(String... args) throws Exception {
        return Cli.start(home, Optional.of(tmuxSocket), args);
    }
}
