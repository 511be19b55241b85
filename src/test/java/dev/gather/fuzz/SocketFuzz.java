package dev.gather.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.OwnThread;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Hostile request lines on the daemon's socket, one connection each: every line is answered within
 * the bound with one JSON line in plain words, and {@code status} still answers afterwards.
 */
final class SocketFuzz {
    private static final long BOUND_S = 20;
    private static final List<String> BASES = List.of(
            "{\"op\":\"hello\",\"id\":1}",
            "{\"op\":\"status\",\"caller\":{\"pane\":null}}",
            "{\"op\":\"links\"}",
            "{\"op\":\"send\",\"to\":\"%99999\",\"message\":\"hi\",\"as\":\"Ada\",\"direct\":false}",
            "{\"op\":\"send\",\"close_link\":true,\"caller\":{\"pane\":\"%99999\"}}",
            "{\"op\":\"start_gathering\",\"rhythm\":\"fuzz-none\",\"participants\":[{\"name\":\"Ada\",\"role\":\"speaker\"}]}",
            "{\"op\":\"gathering_status\",\"gathering\":\"g-none\"}",
            "{\"op\":\"end_gathering\",\"gathering\":\"g-none\"}",
            "{\"op\":\"list_members\",\"link\":\"l-none\"}",
            "{\"op\":\"list_rhythms\"}",
            "{\"op\":\"say\",\"gathering\":\"g-none\",\"text\":\"hello\"}",
            "{\"op\":\"pass\",\"to\":\"Bo\",\"caller\":{\"pane\":\"%99999\"}}",
            "{\"op\":\"transcript\",\"link\":\"l-none\"}",
            "{\"op\":\"events\",\"link\":\"l-none\",\"after\":0}",
            "{\"op\":\"events\",\"follow\":false}",
            "{\"op\":\"take\",\"gathering\":\"g-none\",\"to\":\"Bo\"}",
            "{\"op\":\"pass\",\"as\":\"Human\",\"gathering\":\"g-none\"}",
            "{\"op\":\"clean\",\"dry_run\":true}",
            "{\"op\":\"end_gathering\",\"gathering\":\"g-none\",\"now\":true}",
            "{\"op\":\"join\",\"gathering\":\"g-none\",\"name\":\"Pat\",\"away_after_seconds\":5}",
            "{\"op\":\"join\",\"link\":\"l-none\",\"name\":\"Pat\",\"agent\":\"sim\"}",
            "{\"op\":\"hear\",\"token\":\"pull-none\",\"after\":3}",
            "{\"op\":\"say\",\"token\":\"pull-none\",\"text\":\"hello\"}",
            "{\"op\":\"who\",\"gathering\":\"g-none\"}",
            "{\"op\":\"leave\",\"token\":\"pull-none\"}",
            "{\"op\":\"no-such-op\"}");

    private SocketFuzz() {}

    static Tally run(Path socket, Mutator m, int cases) throws Exception {
        Tally t = new Tally();
        for (int i = 0; i < cases; i++) {
            byte[] line = line(m, i);
            if (new String(line, StandardCharsets.ISO_8859_1).isBlank()) {
                // a blank line is skipped, not answered: the request after it on the connection must be
                line = (new String(line, StandardCharsets.ISO_8859_1) + "\n{\"op\":\"hello\"}")
                        .getBytes(StandardCharsets.ISO_8859_1);
            }
            t.cases++;
            String shown = Tally.shown(new String(line, StandardCharsets.UTF_8));
            try {
                String answer = exchange(socket, line);
                if (answer.isEmpty() && !new String(line, StandardCharsets.ISO_8859_1).isBlank()) {
                    t.hangs.add("socket: no answer to " + shown);
                } else if (!answer.isEmpty()) {
                    JsonNode a = Mutator.JSON.readTree(answer);
                    if (!a.has("ok")) {
                        t.traces.add("socket: not an answer to " + shown + ": " + Tally.shown(answer));
                    }
                }
                if (Tally.leaks(answer)) {
                    t.traces.add("socket answer to " + shown + ": " + Tally.shown(answer));
                }
            } catch (TimeoutException e) {
                t.hangs.add("socket: " + shown);
            }
            if (i % 10 == 9 || i == cases - 1) {
                try {
                    JsonNode status = Mutator.JSON.readTree(
                            exchange(socket, "{\"op\":\"status\"}".getBytes(StandardCharsets.UTF_8)));
                    if (!status.path("ok").asBoolean()) {
                        t.deaths.add("status failed after " + shown + ": " + status);
                    }
                } catch (IOException | TimeoutException e) {
                    t.deaths.add("daemon gone after " + shown + ": " + e);
                    return t;
                }
            }
        }
        return t;
    }

    /** Writes the line and its newline, reads one answer line; empty when the daemon closed without one. */
    static String exchange(Path socket, byte[] line) throws Exception {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            CompletableFuture<String> answer = OwnThread.supply("read", () -> readLine(ch));
            try {
                ByteBuffer out = ByteBuffer.allocate(line.length + 1)
                        .put(line)
                        .put((byte) '\n')
                        .flip();
                while (out.hasRemaining()) {
                    ch.write(out);
                }
            } catch (IOException closedEarly) {
                // an over-long line is answered and the connection closed while we still write
            }
            try {
                return answer.get(BOUND_S, TimeUnit.SECONDS);
            } finally {
                ch.close();
            }
        }
    }

    private static String readLine(SocketChannel ch) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(8192);
        try {
            while (true) {
                buf.clear();
                int n = ch.read(buf);
                if (n < 0) {
                    return out.toString(StandardCharsets.UTF_8);
                }
                for (int i = 0; i < n; i++) {
                    if (buf.get(i) == '\n') {
                        return out.toString(StandardCharsets.UTF_8);
                    }
                    out.write(buf.get(i));
                }
            }
        } catch (IOException e) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    private static byte[] line(Mutator m, int i) {
        ObjectNode base;
        try {
            base = (ObjectNode) Mutator.JSON.readTree(m.oneOf(BASES));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String text = Mutator.write(base);
        return switch (i % 5) {
            case 0 -> Mutator.write(m.mutate(base)).getBytes(StandardCharsets.UTF_8);
            case 1 -> m.garble(text);
            case 2 -> (i % 25 == 2
                            ? "{\"op\":\"status\",\"pad\":\"" + "z".repeat((1 << 20) + 10) + "\"}"
                            : m.extreme("{\"op\":\"status\",\"x\":", "}"))
                    .getBytes(StandardCharsets.UTF_8);
            case 3 -> Mutator.write(m.value(3)).getBytes(StandardCharsets.UTF_8);
            default -> Mutator.write(m.mutate((ObjectNode) m.mutate(base))).getBytes(StandardCharsets.UTF_8);
        };
    }
}
