package dev.gather.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a bridge replays to a new daemon and answers for the old one, from the lines that went by. */
class SessionMemoryTest {
    private static final String INIT =
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\"}}";
    private static final String INITIALIZED = "{\"method\":\"notifications/initialized\",\"jsonrpc\":\"2.0\"}";

    @Test
    void topLevelMembersAreTheMessagesOwnNotTheirParams() {
        String line =
                "{\"params\":{\"id\":7,\"method\":\"x\",\"s\":\"}\\\"{\"},\"method\":\"tools/call\",\"id\":\"a\\\"b\"}";
        assertEquals("\"tools/call\"", TopLevel.member(line, "method"));
        assertEquals("\"a\\\"b\"", TopLevel.member(line, "id"));
        assertEquals("12", TopLevel.member(" { \"id\" : 12 , \"result\":{}}", "id"));
        assertNull(TopLevel.member("{\"result\":{\"id\":3}}", "id"));
        assertNull(TopLevel.member("[{\"id\":1}]", "id"));
        assertNull(TopLevel.member("{\"id\":", "id"));
        assertNull(TopLevel.member("{\"params\":{\"id\":1", "id"));
    }

    @Test
    void theHandshakeIsReplayedAndItsAnswerDroppedOnceTheClientHadIt() {
        SessionMemory m = new SessionMemory();
        m.fromClient(INIT);
        m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}");
        m.fromClient(INITIALIZED);
        SessionMemory.Rebuild r = m.rebuild();
        assertEquals(List.of(INIT, INITIALIZED), r.toDaemon());
        assertTrue(r.dropFirstAnswer());
        assertEquals(List.of(), r.toClient());
        assertFalse(m.waiting());
    }

    @Test
    void anInitializeTheOldDaemonNeverAnsweredIsAnsweredByItsReplay() {
        SessionMemory m = new SessionMemory();
        m.fromClient(INIT);
        SessionMemory.Rebuild r = m.rebuild();
        assertEquals(List.of(INIT), r.toDaemon());
        assertFalse(r.dropFirstAnswer(), "the client waits for this answer");
        assertEquals(List.of(), r.toClient());
        m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}");
        assertFalse(m.waiting());
    }

    @Test
    void requestsLostWithTheOldDaemonAreAnsweredWithAnErrorOnce() {
        SessionMemory m = new SessionMemory();
        m.fromClient(INIT);
        m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}");
        m.fromClient("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        m.fromClient("{\"jsonrpc\":\"2.0\",\"id\":\"two\",\"method\":\"tools/call\",\"params\":{\"name\":\"who\"}}");
        m.fromClient("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":9}}");
        m.fromClient("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}"); // the client answering the server
        m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}");
        m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":\"two\",\"method\":\"ping\"}"); // a server request, not an answer
        assertTrue(m.waiting());
        List<String> answers = m.rebuild().toClient();
        assertEquals(1, answers.size(), answers.toString());
        assertTrue(answers.get(0).startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"two\",\"error\":{\"code\":-32000,"));
        assertEquals(List.of(), m.rebuild().toClient(), "answered once");
    }

    @Test
    void callsAFrozenDaemonLeavesWaitingAreAnsweredWithTheReasonOnceAndItsLateAnswersDropped() {
        SessionMemory m = new SessionMemory();
        m.fromClient(INIT);
        m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}");
        m.fromClient("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
        List<String> answers = m.abandon("the daemon (pid 42) is not answering");
        assertEquals(
                List.of("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32000,\"message\":"
                        + "\"the daemon (pid 42) is not answering\"}}"),
                answers);
        assertFalse(m.waiting());
        assertEquals(List.of(), m.abandon("again"), "answered once");
        assertFalse(
                m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"tools\":[]}}"), "the late answer is dropped");
        assertTrue(
                m.fromDaemon("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}"), "only once: a new call may reuse the id");
    }

    @Test
    void aHandshakeAFrozenDaemonLeavesWaitingIsLeftToTheClientsOwnTimeout() {
        SessionMemory m = new SessionMemory();
        m.fromClient(INIT);
        assertEquals(List.of(), m.abandon("not answering"));
        assertTrue(m.waiting());
    }
}
