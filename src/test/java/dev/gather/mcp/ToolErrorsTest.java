package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every failure is a tool error an agent can fix its call from, and the server keeps serving after it. */
class ToolErrorsTest {
    private final FakeDaemon daemon = new FakeDaemon();
    private InProcessServer server;

    @BeforeEach
    void start() throws Exception {
        server = new InProcessServer(daemon);
        daemon.answer("list_rhythms", "{\"rhythms\": []}");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void refused(String tool, Map<String, Object> args, String expected) {
        CallToolResult r = server.call(tool, args);
        assertTrue(r.isError(), () -> tool + " should fail: " + InProcessServer.text(r));
        assertEquals(expected, InProcessServer.text(r));
        assertFalse(server.call("list_rhythms", Map.of()).isError(), "the server serves on after an error");
    }

    @Test
    void missingArgumentsNameWhatToGive() {
        refused("start_gathering", Map.of(), "start_gathering: 'rhythm' is required: a rhythm name from list_rhythms");
        refused(
                "send_message",
                Map.of("message", "hi"),
                "send_message: 'to' is required: a pane id like %12, a tmux session name, a member name or computer:%12");
        refused("send_message", Map.of("to", "%2"), "send_message: 'message' is required: the words to deliver");
        refused(
                "end_gathering",
                Map.of(),
                "end_gathering: 'gathering' is required: a gathering id from start_gathering or gathering_status");
        refused(
                "send_message",
                Map.of("to", " ", "message", "x"),
                "send_message: 'to' is empty: a pane id like %12, a tmux session name, a member name or computer:%12");
        assertTrue(
                daemon.calls.stream().noneMatch(c -> !c.op().equals("list_rhythms")),
                "bad calls never reach the daemon");
    }

    @Test
    void anArgumentItsSchemaDoesNotNameIsRefusedWithTheKnownOnes() {
        refused("pass_piece", Map.of("too", "Bo"), "pass_piece: unknown argument 'too'; known: to");
        refused("leave", Map.of("now", true), "leave: unknown argument 'now'; known: ");
        refused(
                "end_gathering",
                Map.of("gathering", "g-1", "force", true),
                "end_gathering: unknown argument 'force'; known: gathering, now");
        assertTrue(
                daemon.calls.stream().noneMatch(c -> !c.op().equals("list_rhythms")),
                "bad calls never reach the daemon");
    }

    @Test
    void wrongTypesAndRangesSayWhatIsValid() {
        refused(
                "start_gathering",
                Map.of("rhythm", 5),
                "start_gathering: 'rhythm' must be a string (a rhythm name from list_rhythms), not a number (5)");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "beats_per_turn", "3"),
                "start_gathering: 'beats_per_turn' must be a whole number from 1 to 20, not a string");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "beats_per_turn", 0),
                "start_gathering: 'beats_per_turn' must be from 1 to 20 (was 0)");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "beat_interval_seconds", 2.5),
                "start_gathering: 'beat_interval_seconds' must be a whole number from 1 to 3600, not a number (2.5)");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "participants", "Ada, Bo"),
                "start_gathering: 'participants' must be an array of {name?, role?, agent?, pane?}, not a string");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "participants", List.of()),
                "start_gathering: 'participants' is empty; omit it to use the rhythm's default roles");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "participants", List.of(Map.of("role", "the chair"))),
                "start_gathering: participants[0].role must be speaker, harvester, human or one of the rhythm's parts"
                        + " (a lower-case word), not 'the chair'");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "participants", List.of(Map.of("name", "A"), Map.of("model", "x"))),
                "start_gathering: participants[1] has unknown field 'model'; known: agent, name, pane, role");
        refused(
                "start_gathering",
                Map.of("rhythm", "daily", "participants", List.of("Ada")),
                "start_gathering: participants[0] must be an object {name?, role?, agent?, pane?}, not a string");
        refused(
                "send_message",
                Map.of("to", "%2", "message", "x", "direct", "yes"),
                "send_message: 'direct' must be true or false, not a string");
        refused(
                "send_message",
                Map.of("close_link", true, "direct", true),
                "send_message: give close_link=true or direct=true, not both");
        refused(
                "list_members",
                Map.of("link", "l", "gathering", "g"),
                "list_members: give 'link' or 'gathering', not both");
    }

    @Test
    void daemonRefusalsPassThroughUnderTheToolsName() {
        daemon.answer("send", args -> {
            throw DaemonCalls.CallFailed.refused("send: no live pane %99 in this tmux server");
        });
        refused(
                "send_message",
                Map.of("to", "%99", "message", "hi"),
                "send_message: no live pane %99 in this tmux server");
        daemon.answer("start_gathering", args -> {
            throw DaemonCalls.CallFailed.refused("unknown rhythm 'dayly'; known: daily, direct, retro");
        });
        refused(
                "start_gathering",
                Map.of("rhythm", "dayly"),
                "start_gathering: unknown rhythm 'dayly'; known: daily, direct, retro");
    }

    @Test
    void anOpTheDaemonLacksIsAToolErrorThatSaysWhatToDo() {
        refused(
                "pass_piece",
                Map.of(),
                "pass_piece: the running gather daemon does not offer 'pass' (it is older than this gather mcp);"
                        + " run `gather daemon --stop` in a terminal so the next call starts a current daemon");
    }

    @Test
    void anUnreachableDaemonIsAToolError() {
        daemon.answer("gathering_status", args -> {
            throw DaemonCalls.CallFailed.unavailable("the gather daemon is not reachable (connection refused)");
        });
        refused(
                "gathering_status",
                Map.of(),
                "gathering_status: the gather daemon is not reachable (connection refused)");
    }

    @Test
    void aBugInTheServerIsStillOnlyAToolError() {
        daemon.answer("end_gathering", args -> {
            throw new IllegalStateException("boom");
        });
        refused(
                "end_gathering",
                Map.of("gathering", "g"),
                "end_gathering: gather mcp failed unexpectedly (IllegalStateException: boom); see its stderr");
    }
}
