package dev.gather.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.testing.OwnThread;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code gather mcp}, the thin bridge, keeps the gate's promises with lines past 4 MiB (issue 28),
 * run as bin/gather runs it (16 MiB of heap): each is answered with an error, a ping after it is
 * answered, and the bridge ends when its client closes stdin. Before, it died of OutOfMemoryError
 * and then neither answered nor ended.
 */
class McpBridgeAbuseTest extends BridgeCase {
    @Test
    void linesPastTheBoundAreAnsweredAndTheBridgeEndsWithItsClient() throws Exception {
        Process p = bridge();
        // not closed by the test: a reader blocked in readLine holds its lock, and a failing run must
        // still reach destroyForcibly below
        BufferedReader out = p.inputReader(StandardCharsets.UTF_8);
        try {
            CompletableFuture<Void> written = OwnThread.run("write", () -> {
                try (OutputStream in = p.getOutputStream()) {
                    in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n")
                            .getBytes(StandardCharsets.UTF_8));
                    garbage(in, 8 << 20); // garbage, 8 MiB
                    in.write("\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"pad\":\""
                            .getBytes(StandardCharsets.UTF_8));
                    garbage(in, 6 << 20); // valid JSON, 6 MiB
                    in.write("\"}}\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n"
                            .getBytes(StandardCharsets.UTF_8));
                    in.flush();
                    // and the client goes: the bridge must end
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            List<JsonNode> answers = new ArrayList<>();
            while (answers.size() < 4) {
                String line = OwnThread.supply("read", () -> {
                            try {
                                return out.readLine();
                            } catch (IOException e) {
                                return null;
                            }
                        })
                        .get(60, TimeUnit.SECONDS);
                assertTrue(line != null, "the bridge ended early; answers so far: " + answers);
                answers.add(World.JSON.readTree(line));
            }
            written.get(60, TimeUnit.SECONDS);
            // JSON-RPC answers need not come in order: the overlong lines are answered by the bridge at
            // once, the initialize by the daemon behind it, which a loaded machine made the later
            JsonNode init = answers.stream()
                    .filter(a -> a.path("id").asInt() == 1)
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no answer to initialize: " + answers));
            assertEquals(
                    "gather",
                    init.path("result").path("serverInfo").path("name").asText(),
                    init.toString());
            assertEquals(
                    2,
                    answers.stream()
                            .filter(a ->
                                    a.path("error").path("message").asText().contains("longer than"))
                            .count(),
                    answers.toString());
            assertTrue(
                    answers.stream().anyMatch(a -> a.path("id").asInt() == 3 && a.has("result")), answers.toString());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the bridge ends when its client closes stdin");
            assertEquals(0, p.exitValue());
        } finally {
            p.destroyForcibly();
            p.getOutputStream().close();
        }
    }

    private static void garbage(OutputStream in, int bytes) throws IOException {
        byte[] chunk = new byte[64 << 10];
        Arrays.fill(chunk, (byte) 'x');
        for (int sent = 0; sent < bytes; sent += chunk.length) {
            in.write(chunk);
        }
    }

    /** The bridge on gather's own classes, with bin/gather's small heap, outside every pane. */
    private Process bridge() throws Exception {
        return startBridge(
                List.of("-XX:+UseSerialGC", "-Xint", "-Xmx16m", "-Xss256k"),
                "dev.gather.bridge.McpBridge",
                List.of(),
                Map.of(),
                Files.createTempFile(home, "mcp", ".err"));
    }
}
