package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The tools of a member without a pane share one session per server: join keeps the token (the
 * agent never sees it) and hear continues from its last cursor unless told another.
 */
class PullToolsTest {
    @Test
    void joinKeepsTheTokenAndHearContinuesFromItsCursor() throws Exception {
        FakeDaemon daemon = new FakeDaemon()
                .answer(
                        "join",
                        "{\"gathering_id\":\"g-1\",\"member\":{\"name\":\"Pat\",\"number\":4,\"role\":\"speaker\","
                                + "\"pane\":null},\"token\":\"pull-abc\",\"cursor\":7}")
                .answer(
                        "hear",
                        args -> FakeDaemon.read("{\"entries\":[{\"ref\":9,\"kind\":\"relay\",\"typed\":"
                                + "\"[Ada] (1):\\n\\nhello\"}],\"cursor\":"
                                + (args.path("after").asLong() + 5)
                                + ",\"you_hold_the_piece\":true}"))
                .answer("say", "{\"relayed\":true,\"gathering_id\":\"g-1\"}")
                .answer("leave", "{\"left\":true,\"name\":\"Pat\"}");
        try (InProcessServer s = new InProcessServer(daemon)) {
            McpSchema.CallToolResult early = s.call("hear", Map.of());
            assertTrue(early.isError());
            assertTrue(InProcessServer.text(early).startsWith("hear: join a gathering or link first"));

            McpSchema.CallToolResult joined = s.call("join", Map.of("gathering", "g-1", "name", "Pat"));
            assertFalse(joined.isError(), () -> InProcessServer.text(joined));
            assertFalse(joined.structuredContent().toString().contains("pull-abc"), "the token stays in the server");
            assertFalse(InProcessServer.text(joined).contains("pull-abc"));

            McpSchema.CallToolResult heard = s.call("hear", Map.of());
            assertEquals("pull-abc", daemon.last().args().path("token").asText());
            assertEquals(7, daemon.last().args().path("after").asLong());
            assertTrue(InProcessServer.text(heard).startsWith("[Ada] (1):\n\nhello"), InProcessServer.text(heard));
            assertTrue(InProcessServer.text(heard).contains("You hold the piece"));
            s.call("hear", Map.of());
            assertEquals(12, daemon.last().args().path("after").asLong(), "continues where the last hear ended");
            s.call("hear", Map.of("after", 3));
            assertEquals(3, daemon.last().args().path("after").asLong(), "an explicit cursor reads again from there");

            McpSchema.CallToolResult again = s.call("join", Map.of("gathering", "g-1", "name", "Pat2"));
            assertTrue(InProcessServer.text(again).contains("already a member (Pat)"));

            s.call("say", Map.of("text", "hello all"));
            assertEquals("say", daemon.last().op());
            assertEquals("pull-abc", daemon.last().args().path("token").asText());
            s.call("pass_piece", Map.of());
            assertEquals("pull-abc", daemon.last().args().path("token").asText(), "pass_piece passes as the member");
            s.call("leave", Map.of());
            assertTrue(s.call("say", Map.of("text", "x")).isError(), "after leave the session is no member");
        }
    }
}
