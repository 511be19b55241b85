package dev.gather.door;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A stand-in for Codex's app server on its control socket: the WebSocket upgrade and JSON-RPC as the
 * real one answers them (CodexDoorLiveTest meets the real one), with what it answers to each request
 * given by the test. It keeps every message it read, and answers a ping of its own before the first
 * answer, as a server may.
 */
final class FakeCodexControl implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the server does with a request: the frames it sends back (none: it stays silent). */
    interface Script extends Function<JsonNode, List<String>> {}

    private final Path socket;
    private final ServerSocketChannel server;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> new Thread(r, "fake-codex-control"));
    private final Script script;
    private final boolean honestAccept;
    final List<JsonNode> read = new CopyOnWriteArrayList<>();
    final List<String> pongs = new CopyOnWriteArrayList<>();

    /** Serves on {@code socket}; {@code honestAccept} false answers the upgrade with the wrong key. */
    FakeCodexControl(Path socket, Script script, boolean honestAccept) throws IOException {
        Files.createDirectories(socket.getParent());
        this.socket = socket;
        this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        this.script = script;
        this.honestAccept = honestAccept;
        thread.submit(this::serve);
    }

    /** An answer to {@code request} carrying {@code result} (JSON). */
    static String result(JsonNode request, String result) {
        return "{\"id\":" + request.get("id") + ",\"result\":" + result + "}";
    }

    private Void serve() throws IOException {
        while (server.isOpen()) {
            try (SocketChannel ch = server.accept()) {
                InputStream in = Channels.newInputStream(ch);
                OutputStream out = Channels.newOutputStream(ch);
                String key = upgradeKey(in);
                String accept = honestAccept ? UnixWebSocket.accept(key) : UnixWebSocket.accept("not " + key);
                out.write(("HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: websocket\r\n"
                                + "sec-websocket-accept: " + accept + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                boolean pinged = false;
                while (true) {
                    Frame f = Frame.read(new DataInputStream(in));
                    if (f.op() == 8) {
                        break;
                    } else if (f.op() == 10) {
                        pongs.add(f.text());
                        continue;
                    }
                    JsonNode message = JSON.readTree(f.text());
                    read.add(message);
                    if (!pinged) {
                        out.write(Frame.unmasked(9, true, "are you there".getBytes(StandardCharsets.UTF_8)));
                        pinged = true;
                    }
                    for (String reply : script.apply(message)) {
                        byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
                        int half = bytes.length / 2; // in two frames: a message may come in parts
                        out.write(Frame.unmasked(1, false, Arrays.copyOfRange(bytes, 0, half)));
                        out.write(Frame.unmasked(0, true, Arrays.copyOfRange(bytes, half, bytes.length)));
                    }
                }
            } catch (IOException e) {
                // the client went away (or the test closed the server): take the next one
            }
        }
        return null;
    }

    private static String upgradeKey(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed during the upgrade");
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.US_ASCII)
                .lines()
                .filter(l -> l.toLowerCase(Locale.ROOT).startsWith("sec-websocket-key:"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst()
                .orElseThrow(() -> new IOException("no key in the upgrade"));
    }

    /** A frame as the server reads (masked) and writes (unmasked) them. */
    record Frame(int op, byte[] payload) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        static Frame read(DataInputStream in) throws IOException {
            int b0 = in.readUnsignedByte();
            int b1 = in.readUnsignedByte();
            if ((b1 & 0x80) == 0) {
                throw new IOException("a client's frame must be masked");
            }
            long n = b1 & 0x7f;
            if (n == 126) {
                n = in.readUnsignedShort();
            } else if (n == 127) {
                n = in.readLong();
            }
            byte[] mask = in.readNBytes(4);
            byte[] payload = in.readNBytes((int) n);
            for (int i = 0; i < payload.length; i++) {
                payload[i] ^= mask[i % 4];
            }
            return new Frame(b0 & 0x0f, payload);
        }

        static byte[] unmasked(int op, boolean fin, byte[] payload) {
            ByteArrayOutputStream f = new ByteArrayOutputStream();
            f.write((fin ? 0x80 : 0) | op);
            if (payload.length < 126) {
                f.write(payload.length);
            } else {
                f.write(126);
                f.write(payload.length >> 8);
                f.write(payload.length & 0xff);
            }
            f.writeBytes(payload);
            return f.toByteArray();
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        thread.shutdownNow();
        Files.deleteIfExists(socket); // a Unix socket's file outlives its server
    }
}
