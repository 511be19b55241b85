package dev.gather.door;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A Claude session's messaging socket as 2.1.330 behaves (read from its code, tried against the
 * binary): it reads lines until the sender half-closes, answers nothing on the connection, and
 * writes a {@code peer_message_status} line to the message's {@code from} when it holds, refuses or
 * drops it. {@code silent} never reads nor closes, like a session that hangs.
 */
public final class FakeClaudeInbox implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the fake does with a message: accept it (no receipt), or answer with this status. */
    public record Answer(String status, String detail, String reason) {
        public static final Answer ACCEPT = new Answer("", "", "");
        static final Answer SILENT = new Answer("silent", "", "");
        /** Reads the whole message, then keeps the connection open: a loaded Claude that closes late. */
        static final Answer READS_CLOSES_LATE = new Answer("late", "", "");
    }

    public final Path socket;
    public final List<JsonNode> lines = new CopyOnWriteArrayList<>();
    private final ServerSocketChannel server;
    private final List<SocketChannel> keptOpen = new CopyOnWriteArrayList<>();
    private volatile Answer answer = Answer.ACCEPT;
    private volatile Consumer<JsonNode> started = m -> {};

    public FakeClaudeInbox(Path socket) throws IOException {
        this.socket = socket;
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        Thread t = new Thread(this::serve, "fake-claude-inbox");
        t.setDaemon(true);
        t.start();
    }

    FakeClaudeInbox answer(Answer a) {
        this.answer = a;
        return this;
    }

    /** An idle Claude starts a turn with an accepted message at once: {@code turn} runs as it would. */
    public FakeClaudeInbox onAccepted(Consumer<JsonNode> turn) {
        this.started = turn;
        return this;
    }

    private void serve() {
        while (server.isOpen()) {
            try {
                SocketChannel ch = server.accept();
                Answer a = answer;
                if (a == Answer.SILENT) {
                    continue; // never read, never close
                }
                if (a == Answer.READS_CLOSES_LATE) {
                    readLines(ch);
                    keptOpen.add(ch);
                    continue;
                }
                try (ch) {
                    String all = new String(Channels.newInputStream(ch).readAllBytes(), StandardCharsets.UTF_8);
                    for (String line : all.split("\n")) {
                        if (!line.isBlank()) {
                            lines.add(JSON.readTree(line));
                        }
                    }
                    if (!a.status().isEmpty()) {
                        receipt(lines.get(lines.size() - 1), a);
                    } else {
                        started.accept(lines.get(lines.size() - 1));
                    }
                }
            } catch (IOException e) {
                return;
            }
        }
    }

    private void readLines(SocketChannel ch) throws IOException {
        for (String line : new String(Channels.newInputStream(ch).readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                lines.add(JSON.readTree(line));
            }
        }
    }

    /** Writes a receipt about {@code message} to its {@code from}, as Claude does when a hold is settled. */
    public void receipt(JsonNode message, Answer a) throws IOException {
        String from = message.path("from").asText();
        var frame = JSON.createObjectNode()
                .put("type", "control")
                .put("action", "peer_message_status")
                .put("status", a.status());
        if (!a.detail().isEmpty()) {
            frame.put("status_detail", a.detail());
        }
        frame.put("reason", a.reason())
                .put("from", "uds:" + socket)
                .put("orig_msg_id", message.path("msg_id").asText());
        try (SocketChannel reply = SocketChannel.open(UnixDomainSocketAddress.of(Path.of(from.substring(4))))) {
            reply.write(ByteBuffer.wrap((frame + "\n").getBytes(StandardCharsets.UTF_8)));
            // Claude's sender waits until the receiver closes
            Channels.newInputStream(reply).readAllBytes();
        }
    }

    @Override
    public void close() throws IOException {
        for (SocketChannel ch : keptOpen) {
            ch.close();
        }
        server.close();
        Files.deleteIfExists(socket);
    }
}
