package dev.gather.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gather.server.BlockInputStream;
import dev.gather.server.BoundedLines;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SDK's stdin: only well-formed JSON-RPC lines pass, one at a time, and only after the
 * handshake (initialize, then notifications/initialized) unless they are part of it. Every other
 * line is answered here on the protocol stream, so a client's mistake is answered and the server
 * goes on reading; the SDK would stop reading for good, or wait for ever for the handshake.
 */
final class RpcGate extends BlockInputStream {
    /** Longest client line; longer ones are answered the moment they pass it and never held whole. */
    static final int MAX_LINE = 4 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(RpcGate.class);

    private final InputStream in;
    private final BoundedLines lines;
    private final OutputStream out;
    private byte[] current = new byte[0];
    private int pos;
    private boolean initializeSeen;
    private boolean ready;
    private boolean ended;

    /** {@code out} is the stream the SDK writes to; answers are written holding its lock, as the SDK does. */
    RpcGate(InputStream in, OutputStream out) {
        this.in = in;
        this.lines = new BoundedLines(in, MAX_LINE);
        this.out = out;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (pos == current.length) {
            if (ended || !fill()) {
                ended = true;
                return -1;
            }
        }
        int n = Math.min(len, current.length - pos);
        System.arraycopy(current, pos, b, off, n);
        pos += n;
        return n;
    }

    /** Only the line in hand: a reader that asks whether more is ready must not block on the client. */
    @Override
    public int available() {
        return current.length - pos;
    }

    /** Reads client lines until one passes; false at the end of the input. */
    private boolean fill() throws IOException {
        while (true) {
            BoundedLines.Next next = lines.next();
            if (next instanceof BoundedLines.End) {
                return false;
            }
            Verdict v = next instanceof BoundedLines.Line line
                    ? handshake(RpcCheck.check(line.bytes()))
                    : RpcCheck.error(
                            null,
                            RpcCheck.INVALID_REQUEST,
                            "Invalid Request: a line longer than " + MAX_LINE + " bytes (4 MiB); it is skipped");
            if (v instanceof Verdict.Pass p) {
                current = (p.line() + "\n").getBytes(StandardCharsets.US_ASCII);
                pos = 0;
                return true;
            }
            if (v instanceof Verdict.Answer a && !answer(a.line())) {
                in.close(); // nobody reads our answers: the client is gone, and so is this server
                return false;
            } else if (v instanceof Verdict.Drop d) {
                LOG.info("ignored a notification: {}", d.why());
            }
        }
    }

    /** Keeps requests from the SDK until it is ready for them: it would hold them unanswered. */
    private Verdict handshake(Verdict v) {
        if (!(v instanceof Verdict.Pass p) || ready) {
            return v;
        }
        JsonNode m = p.message();
        String method = m.path("method").asText("");
        boolean request = m.has("id") && m.has("method");
        if (method.equals("initialize") && request) {
            initializeSeen = true;
            return v;
        }
        if (method.equals("notifications/initialized") && !request) {
            if (!initializeSeen) {
                return new Verdict.Drop("notifications/initialized before initialize");
            }
            ready = true;
            return v;
        }
        if (!request) {
            return m.has("method") ? new Verdict.Drop(method + " before the handshake") : v;
        }
        if (method.equals("ping")) {
            return RpcCheck.result(m.get("id"), RpcCheck.object());
        }
        return RpcCheck.error(
                m.get("id"),
                RpcCheck.NOT_INITIALIZED,
                "Server not initialized: send initialize, then notifications/initialized, before " + method);
    }

    /** False when the answer cannot be written. */
    private boolean answer(String line) {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            synchronized (out) {
                out.write(bytes);
                out.flush();
            }
            return true;
        } catch (IOException e) {
            LOG.debug("cannot answer: {}", e.getMessage());
            return false;
        }
    }
}
