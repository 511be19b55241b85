package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What real clients send passes the gate unchanged in meaning; the SDK's own records decide the params. */
class RpcCheckTest {
    @Test
    void realClientsHandshakesAndCallsPass() {
        for (String line : new String[] {
            // Claude Code style: roots and elicitation capabilities, extra client info fields
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{\"roots\":{},\"elicitation\":{}},\"clientInfo\":{\"name\":\"claude-code\","
                    + "\"version\":\"2.1.3\",\"title\":\"Claude Code\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"a-2\",\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                    + "\"arguments\":{\"to\":\"%1\",\"message\":\"h\u00e9 \ud83d\ude00\"},\"_meta\":{\"progressToken\":7}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_rhythms\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}"
        }) {
            Verdict v = RpcCheck.check(line.getBytes(StandardCharsets.UTF_8));
            Verdict.Pass pass = assertInstanceOf(Verdict.Pass.class, v, line);
            assertEquals(pass.message(), readTree(pass.line()), "the SDK reads what was checked");
        }
    }

    @Test
    void whatPassesIsOneAsciiLineTheSdkReadsBack() {
        Verdict.Pass pass = assertInstanceOf(
                Verdict.Pass.class,
                RpcCheck.check("{\"jsonrpc\":\"2.0\",\r\"id\":1,\"method\":\"ping\",\"params\":{\"t\":\"日本\"}}"
                        .getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"t\":\"\\u65E5\\u672C\"}}",
                pass.line());
    }

    private static JsonNode readTree(String s) {
        try {
            return new ObjectMapper()
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .readTree(s);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
