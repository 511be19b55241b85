package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.gather.testing.Slow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every line a client sends to the real {@code gather mcp} is answered, a malformed one with a
 * JSON-RPC error in plain words, and the server goes on serving: after each case a ping answers.
 * One process serves all cases, so a case that froze it fails every case after it too.
 */
@Slow
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpMalformedLinesTest {
    private static final Duration WITHIN = Duration.ofSeconds(30);

    @TempDir
    static Path home;

    private RawMcp mcp;
    private int pings;

    @BeforeAll
    void start() throws Exception {
        mcp = new RawMcp(home);
        mcp.initialize();
    }

    @AfterEach
    void stillServing() throws Exception {
        TextNode id = TextNode.valueOf("ping-" + ++pings);
        mcp.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + id.asText() + "\",\"method\":\"ping\"}");
        JsonNode pong = mcp.answerTo(id, WITHIN);
        assertNotNull(pong, () -> "a ping after the case is answered; stderr: " + stderr());
        assertTrue(pong.has("result"), pong.toString());
        assertEquals(List.of(), mcp.notProtocol(), "stdout carries nothing but JSON-RPC");
        String err = stderr();
        assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace on stderr:\n" + err);
        assertTrue(mcp.alive());
    }

    @AfterAll
    void stop() throws Exception {
        mcp.close();
    }

    @Test
    void invalidJsonIsAParseError() throws Exception {
        JsonNode e = error("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":", NullNode.getInstance(), -32700);
        assertTrue(
                e.path("message").asText().startsWith("Parse error: the line is not one valid JSON value"),
                e.toString());
    }

    @Test
    void twoMessagesOnOneLineAreAParseError() throws Exception {
        error(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"} {\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
                NullNode.getInstance(),
                -32700);
    }

    @Test
    void anEmptyLineIsAnInvalidRequest() throws Exception {
        JsonNode e = error("", NullNode.getInstance(), -32600);
        assertTrue(e.path("message").asText().contains("empty"), e.toString());
        error("   \t", NullNode.getInstance(), -32600);
    }

    @Test
    void batchesAndTheEmptyBatchAreInvalidRequests() throws Exception {
        JsonNode batch = error("[{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}]", NullNode.getInstance(), -32600);
        assertTrue(batch.path("message").asText().contains("batches are not supported"), batch.toString());
        error("[]", NullNode.getInstance(), -32600);
    }

    @Test
    void aNullOrObjectIdIsAnInvalidRequestAnsweredWithNullId() throws Exception {
        error("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", NullNode.getInstance(), -32600);
        error("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", NullNode.getInstance(), -32600);
        error("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", NullNode.getInstance(), -32600);
    }

    @Test
    void aMissingMethodIsAnInvalidRequestWithTheRequestsId() throws Exception {
        JsonNode e = error("{\"jsonrpc\":\"2.0\",\"id\":7}", IntNode.valueOf(7), -32600);
        assertTrue(e.path("message").asText().contains("\"method\""), e.toString());
        error("{\"jsonrpc\":\"1.0\",\"id\":8,\"method\":\"ping\"}", IntNode.valueOf(8), -32600);
        error("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":42}", IntNode.valueOf(9), -32600);
    }

    @Test
    void anUnknownMethodIsMethodNotFound() throws Exception {
        error("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"no/such\"}", IntNode.valueOf(10), -32601);
    }

    @Test
    void nonObjectParamsOrArgumentsAreInvalidParamsInPlainWords() throws Exception {
        JsonNode params = error(
                "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":\"x\"}",
                IntNode.valueOf(11),
                -32602);
        assertPlain(params);
        JsonNode args = error(
                "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                        + "\"arguments\":[1,2]}}",
                IntNode.valueOf(12),
                -32602);
        assertEquals(
                "Invalid params: \"params.arguments\" must be an object, not an array",
                args.path("message").asText());
        assertPlain(args);
        JsonNode meta = error(
                "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                        + "\"arguments\":{},\"_meta\":5}}",
                IntNode.valueOf(13),
                -32602);
        assertPlain(meta);
    }

    @Test
    void hugeNumbersAndDeepNestingAreRefusedNotFatal() throws Exception {
        String digits = "9".repeat(5000);
        error("{\"jsonrpc\":\"2.0\",\"id\":" + digits + ",\"method\":\"ping\"}", NullNode.getInstance(), -32600);
        error(
                "{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"ping\",\"params\":{\"n\":" + digits + "}}",
                NullNode.getInstance(),
                -32600);
        String deep = "[".repeat(2000) + "]".repeat(2000);
        JsonNode e = error(
                "{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"ping\",\"params\":{\"d\":" + deep + "}}",
                NullNode.getInstance(),
                -32600);
        assertTrue(e.path("message").asText().contains("nested deeper than 64"), e.toString());
    }

    @Test
    void aLineOverTheLimitIsAnsweredBeforeItEndsAndSkipped() throws Exception {
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) 'x');
        mcp.write("{\"jsonrpc\":\"2.0\",\"id\":16,\"method\":\"ping\",\"params\":{\"p\":\""
                .getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 5; i++) {
            mcp.write(chunk);
        }
        // no newline yet: the answer must not wait for one
        JsonNode e = mcp.next(WITHIN);
        assertNotNull(e, "an over-long line is answered as it passes the limit");
        assertEquals(-32600, e.path("error").path("code").asInt(), e.toString());
        assertTrue(e.path("error").path("message").asText().contains("longer than"), e.toString());
        for (int i = 0; i < 20; i++) {
            mcp.write(chunk); // kept streaming, never buffered whole
        }
        mcp.write("\"}}\n".getBytes(StandardCharsets.UTF_8));
        // a ping after it comes back next: nothing answered the skipped rest (a late answer would come first)
        mcp.send("{\"jsonrpc\":\"2.0\",\"id\":\"after-the-rest\",\"method\":\"ping\"}");
        JsonNode next = mcp.next(WITHIN);
        assertNotNull(next);
        assertEquals(TextNode.valueOf("after-the-rest"), next.path("id"), "the skipped rest is not answered again");
    }

    @Test
    void aNotificationIsNeverAnswered() throws Exception {
        mcp.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\",\"params\":\"x\"}");
        mcp.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":99}}");
        // the ping after this case comes first: nothing else was written
        TextNode id = TextNode.valueOf("after-notifications");
        mcp.send("{\"jsonrpc\":\"2.0\",\"id\":\"after-notifications\",\"method\":\"ping\"}");
        JsonNode next = mcp.next(WITHIN);
        assertNotNull(next);
        assertEquals(id, next.path("id"), next.toString());
    }

    private JsonNode error(String line, JsonNode id, int code) throws Exception {
        mcp.send(line);
        JsonNode answer = mcp.next(WITHIN);
        assertNotNull(answer, () -> "answered: " + line.substring(0, Math.min(80, line.length())));
        assertEquals(id, answer.path("id"), answer.toString());
        assertEquals(code, answer.path("error").path("code").asInt(), answer.toString());
        return answer.path("error");
    }

    private static void assertPlain(JsonNode error) {
        String all = error.toString();
        assertFalse(
                all.contains("Jackson")
                        || all.contains("com.fasterxml")
                        || all.contains("Exception")
                        || all.contains("\tat "),
                all);
    }

    private String stderr() {
        try {
            return mcp.stderr();
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
