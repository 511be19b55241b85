package dev.gather.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.home.StateDir;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The state directory's permissions and the daemon behind its socket, asked with a deadline. */
final class DaemonChecks {
    private static final long DEADLINE_MS = 2000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private final StateDir state;

    DaemonChecks(StateDir state) {
        this.state = state;
    }

    List<Check> checks() {
        return List.of(stateDir(), daemon());
    }

    private Check stateDir() {
        Path root = state.root();
        if (!Files.isDirectory(root)) {
            return Check.ok("state", root + " (created at first use)");
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(root);
            boolean shared = perms.stream()
                    .anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"));
            return shared
                    ? Check.fail("state", root + " can be read by other users", "chmod 700 " + root)
                    : Check.ok("state", root + " (owner only)");
        } catch (IOException | UnsupportedOperationException e) {
            return Check.warn("state", root + ": permissions unreadable (" + e.getMessage() + ")", "");
        }
    }

    private Check daemon() {
        if (!Files.exists(state.socket())) {
            return Check.ok("daemon", "not running (the next gather command or agent turn starts it)");
        }
        // asked on a thread of its own, so a frozen daemon costs this check its deadline, not the doctor
        FutureTask<JsonNode> hello = new FutureTask<>(this::hello);
        Thread asking = new Thread(hello, "gather-doctor-hello");
        asking.setDaemon(true);
        asking.start();
        try {
            JsonNode r = hello.get(DEADLINE_MS, TimeUnit.MILLISECONDS);
            String gather = r.path("gather").asText("");
            return Check.ok(
                    "daemon",
                    "running (pid " + r.path("pid").asText("?") + (gather.isEmpty() ? "" : ", " + gather) + ", log "
                            + state.log() + ")");
        } catch (TimeoutException e) {
            hello.cancel(true);
            return Check.fail(
                    "daemon",
                    "not answering within " + DEADLINE_MS + " ms (log " + state.log() + ")",
                    "gather daemon --stop ends it; the next command starts a new one");
        } catch (ExecutionException e) {
            return Check.warn(
                    "daemon",
                    "its socket is there but nothing answers (" + e.getCause().getMessage() + ")",
                    "a stale socket: the next gather command starts a daemon");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Check.warn("daemon", "not asked (interrupted)", "");
        }
    }

    private JsonNode hello() {
        try (SocketChannel ch = state.connect()) {
            ch.write(ByteBuffer.wrap("{\"op\":\"hello\",\"id\":1}\n".getBytes(StandardCharsets.UTF_8)));
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8));
            String line = in.readLine();
            if (line == null) {
                throw new IOException("the daemon closed the connection");
            }
            JsonNode answer = JSON.readTree(line);
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
