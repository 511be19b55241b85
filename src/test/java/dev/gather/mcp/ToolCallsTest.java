package dev.gather.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every tool's happy path against a fake daemon: the op and arguments it sends, what it answers. */
class ToolCallsTest {
    private final FakeDaemon daemon = new FakeDaemon();
    private InProcessServer server;

    @BeforeEach
    void start() throws Exception {
        server = new InProcessServer(daemon);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private CallToolResult ok(String tool, Map<String, Object> args) {
        CallToolResult r = server.call(tool, args);
        assertFalse(r.isError(), () -> tool + " failed: " + InProcessServer.text(r));
        return r;
    }

    private static JsonNode structured(CallToolResult r) {
        return FakeDaemon.JSON.valueToTree(r.structuredContent());
    }

    @Test
    void startGatheringPassesCheckedArgumentsAndReturnsTheMemberMap() {
        daemon.answer(
                "start_gathering",
                """
                {"gathering_id": "g-1", "members": [
                  {"name": "Ada", "number": 1, "role": "speaker", "pane": "%5"},
                  {"name": "Hal", "number": 2, "role": "harvester", "pane": "%6"}]}""");
        CallToolResult r = ok(
                "start_gathering",
                Map.of(
                        "rhythm",
                        "daily",
                        "question",
                        "What needs attention?",
                        "beats_per_turn",
                        2,
                        "beat_interval_seconds",
                        30,
                        "participants",
                        List.of(
                                Map.of("name", "Ada", "agent", "sim"),
                                Map.of("name", "Hal", "role", "harvester", "agent", "codex --full-auto"))));
        FakeDaemon.Call call = daemon.last();
        assertEquals("start_gathering", call.op());
        assertEquals(
                FakeDaemon.read(
                        """
                {"rhythm": "daily",
                 "participants": [{"name": "Ada", "agent": "sim"},
                                  {"name": "Hal", "role": "harvester", "agent": "codex --full-auto"}],
                 "question": "What needs attention?", "beats_per_turn": 2, "beat_interval_seconds": 30,
                 "cwd": "%s"}"""
                                .formatted(System.getProperty("user.dir"))),
                call.args());
        assertEquals("g-1", structured(r).path("gathering_id").asText());
        assertEquals("%6", structured(r).path("members").get(1).path("pane").asText());
        String text = InProcessServer.text(r);
        assertTrue(text.contains("Started gathering g-1"), text);
        assertTrue(text.contains("2. Hal (harvester) in pane %6"), text);
    }

    /** A part's name as role casts a speaker into it: the tool passes it on, the daemon knows the rhythm's parts. */
    @Test
    void startGatheringPassesAPartsNameAsTheRoleAndListRhythmsNamesTheParts() {
        daemon.answer("start_gathering", "{\"gathering_id\": \"g-2\", \"members\": []}");
        ok(
                "start_gathering",
                Map.of("rhythm", "review-circle", "participants", List.of(Map.of("name", "Bo", "role", "skeptic"))));
        assertEquals(
                "skeptic",
                daemon.last().args().path("participants").get(0).path("role").asText());
        daemon.answer(
                "list_rhythms",
                """
                {"rhythms": [{"name": "review-circle", "description": "Code review circle", "talking_piece": true,
                  "speakers_min": 2, "speakers_max": 12, "parts": ["author", "skeptic"]}]}""");
        String text = InProcessServer.text(ok("list_rhythms", Map.of()));
        assertTrue(text.contains("(speakers 2-12, talking piece, parts to cast by role: author, skeptic)"), text);
    }

    @Test
    void sendMessageOneShotDirectAndClose() {
        daemon.answer("send", args -> {
            if (args.path("close_link").asBoolean()) {
                return FakeDaemon.read("{\"closed\": \"link-3\"}");
            }
            String link = args.path("direct").asBoolean()
                    ? "\"link\": {\"id\": \"link-3\", \"members\": [{\"name\": \"me\", \"number\": 1, \"role\": \"speaker\", \"pane\": \"%1\"}, {\"name\": \"bob\", \"number\": 2, \"role\": \"speaker\", \"pane\": \"%2\"}]},"
                    : "";
            return FakeDaemon.read(
                    "{" + link + "\"delivered\": [{\"to\": \"bob\", \"pane\": \"%2\", \"state\": \"delivered\"}]}");
        });
        CallToolResult once = ok("send_message", Map.of("to", "%2", "message", "hi"));
        assertEquals(
                FakeDaemon.read("{\"to\": \"%2\", \"message\": \"hi\", \"direct\": false}"),
                daemon.last().args());
        assertEquals("bob (%2): delivered", InProcessServer.text(once));

        CallToolResult direct = ok("send_message", Map.of("to", "bob", "message", "review?", "direct", true));
        assertEquals("send", daemon.last().op());
        assertTrue(daemon.last().args().path("direct").asBoolean());
        assertEquals("link-3", structured(direct).path("link").path("id").asText());
        assertTrue(InProcessServer.text(direct).startsWith("Linked in link-3"), InProcessServer.text(direct));

        CallToolResult closed = ok("send_message", Map.of("close_link", true));
        assertEquals(FakeDaemon.read("{\"close_link\": true}"), daemon.last().args());
        assertEquals("Closed link link-3; its members were told.", InProcessServer.text(closed));
    }

    @Test
    void sendMessageSaysWhetherAReplyComesBack() {
        daemon.answer(
                "send",
                args -> FakeDaemon.read("{\"delivered\": [{\"to\": \"bob\", \"state\": \"queued\"}]," + " \"reply\": \""
                        + (args.has("expect_reply") ? "off" : "expected") + "\"}"));
        CallToolResult expected = ok("send_message", Map.of("to", "bob", "message", "count the tests"));
        assertTrue(
                InProcessServer.text(expected).endsWith("will be typed back to you once, after your turn ends."),
                InProcessServer.text(expected));
        CallToolResult off = ok("send_message", Map.of("to", "bob", "message", "fyi", "expect_reply", false));
        assertFalse(daemon.last().args().path("expect_reply").asBoolean(true));
        assertTrue(
                InProcessServer.text(off).endsWith("No reply expected (expect_reply=false)."),
                InProcessServer.text(off));
    }

    @Test
    void sendMessageSaysWhenItsGatheringsTranscriptLacksTheWordsThatWent() {
        daemon.answer(
                "send",
                """
                {"delivered": [{"to": "bob", "state": "queued"}], "reply": "expected",
                 "transcript": "not kept in g-1's transcript: No space left on device"}""");
        String text = InProcessServer.text(ok("send_message", Map.of("to", "bob", "message", "aside")));
        assertTrue(
                text.contains("bob: queued\nSent, but not kept in g-1's transcript: No space left on device\n"), text);
    }

    @Test
    void listRhythms() {
        daemon.answer(
                "list_rhythms",
                """
                {"rhythms": [{"name": "daily", "description": "Quick daily pulse", "talking_piece": true,
                  "phases": ["inhale", "hold", "exhale"], "speakers_min": 2, "speakers_max": 12}]}""");
        CallToolResult r = ok("list_rhythms", Map.of());
        assertEquals("daily", structured(r).path("rhythms").get(0).path("name").asText());
        assertEquals("Rhythms:\n- daily: Quick daily pulse (speakers 2-12, talking piece)", InProcessServer.text(r));
    }

    @Test
    void gatheringStatusWithAndWithoutAnId() {
        daemon.answer(
                "gathering_status",
                """
                {"gathering_id": "g-1", "rhythm": "daily", "state": "running", "phase": "hold", "round": 1,
                 "rounds": 2, "holder": "Ada", "members": [{"name": "Ada", "number": 1, "role": "speaker", "pane": "%5"}]}""");
        CallToolResult r = ok("gathering_status", Map.of("gathering", "g-1"));
        assertEquals(FakeDaemon.read("{\"gathering\": \"g-1\"}"), daemon.last().args());
        assertEquals(
                "Gathering g-1 (daily): running, phase hold, round 1/2, piece with Ada.\nMembers:\n  1. Ada (speaker) in pane %5",
                InProcessServer.text(r));
        ok("gathering_status", Map.of());
        assertEquals(FakeDaemon.read("{}"), daemon.last().args());
        daemon.answer(
                "gathering_status",
                """
                {"gathering_id": "g-1", "rhythm": "daily", "state": "speaking", "holder": "Ada",
                 "next_beat_at": 1795457283143, "as_of": 1795457246000, "members": []}""");
        CallToolResult beat = ok("gathering_status", Map.of("gathering", "g-1"));
        assertEquals(1795457283143L, structured(beat).path("next_beat_at").asLong());
        assertTrue(
                InProcessServer.text(beat)
                        .startsWith("Gathering g-1 (daily): speaking, piece with Ada, next beat in 38 s."),
                InProcessServer.text(beat));
    }

    @Test
    void endGathering() {
        daemon.answer("end_gathering", "{\"gathering_id\": \"g-1\", \"state\": \"closing\"}");
        CallToolResult r = ok("end_gathering", Map.of("gathering", "g-1"));
        assertEquals(
                FakeDaemon.read("{\"gathering\": \"g-1\", \"now\": false}"),
                daemon.last().args());
        assertEquals("Gathering g-1 is closing.", InProcessServer.text(r));
    }

    @Test
    void listMembersOfALinkOrAGathering() {
        daemon.answer(
                "list_members",
                """
                {"members": [{"name": "Ada", "number": 1, "role": "speaker", "pane": "%5"},
                             {"name": "Eve", "number": 2, "role": "human", "pane": null}]}""");
        CallToolResult r = ok("list_members", Map.of("link", "link-1"));
        assertEquals(FakeDaemon.read("{\"link\": \"link-1\"}"), daemon.last().args());
        assertEquals("Members:\n  1. Ada (speaker) in pane %5\n  2. Eve (human) (no pane)", InProcessServer.text(r));
        ok("list_members", Map.of("gathering", "g-2"));
        assertEquals(FakeDaemon.read("{\"gathering\": \"g-2\"}"), daemon.last().args());
    }

    @Test
    void passPieceCallsPass() {
        daemon.answer(
                "pass",
                args -> FakeDaemon.read("{\"holder\": \"" + args.path("to").asText("Bo") + "\"}"));
        assertEquals("The piece is now with Cy.", InProcessServer.text(ok("pass_piece", Map.of("to", "Cy"))));
        assertEquals("pass", daemon.last().op());
        assertEquals("The piece is now with Bo.", InProcessServer.text(ok("pass_piece", Map.of())));
        assertEquals(FakeDaemon.read("{}"), daemon.last().args());
    }
}
