package dev.gather.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.testing.Slow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every answer of Claude's messaging socket becomes a {@link Handover} with Claude's own reason, in bounded time. */
@Slow
class ClaudeSocketDoorTest {
    private static final String TOKEN = "ee71ec63611aa359010032afd776127a";
    /** For a session that never answers or closes late: the exchange's deadline is what is tried. */
    private static final ClaudeSocketDoor.Timing QUICK =
            new ClaudeSocketDoor.Timing(Duration.ofMillis(700), Duration.ofMillis(200));
    /**
     * For one that answers: the fake reads, sends its receipt and closes, which a loaded machine may
     * stretch past QUICK's deadline (the door then says handed, sent whole, and no receipt yet).
     */
    private static final ClaudeSocketDoor.Timing PATIENT =
            new ClaudeSocketDoor.Timing(Duration.ofSeconds(10), Duration.ofMillis(200));

    @TempDir
    Path dir;

    FakeClaudeInbox claude;
    final List<LateReceipt> late = new CopyOnWriteArrayList<>();
    ClaudeInboxes inboxes;
    final ExecutorService executor = Executors.newCachedThreadPool();

    @BeforeEach
    void start() throws Exception {
        claude = new FakeClaudeInbox(dir.resolve("4242.sock"));
        inboxes = new ClaudeInboxes(late::add);
    }

    @AfterEach
    void stop() throws Exception {
        claude.close();
        inboxes.close();
        executor.shutdownNow();
    }

    private Handover hand(String text) throws Exception {
        return hand(text, PATIENT);
    }

    private Handover hand(String text, ClaudeSocketDoor.Timing timing) throws Exception {
        ClaudeSocketDoor door =
                new ClaudeSocketDoor(new ClaudeMessaging(claude.socket, TOKEN), inboxes, executor, timing);
        return door.hand(new Parcel("j#" + text.hashCode(), text)).get(15, TimeUnit.SECONDS);
    }

    @Test
    void anAcceptedMessageIsHandedAsOneUserLineAfterTheAuthLine() throws Exception {
        String text = "[Ada] (1):\n\nfirst line\nsecond line";

        Handover h = hand(text);

        assertInstanceOf(Handover.Handed.class, h, h.toString());
        JsonNode auth = claude.lines.get(0);
        JsonNode user = claude.lines.get(1);
        assertEquals("auth", auth.path("type").asText());
        assertEquals(TOKEN, auth.path("token").asText());
        assertEquals("user", user.path("type").asText());
        assertEquals(text, user.path("message").path("content").asText());
        assertEquals("later", user.path("priority").asText(), "after the turn in progress, never folded into it");
        assertTrue(user.path("from").asText().startsWith("uds:" + dir), user.toString());
        assertFalse(user.path("msg_id").asText().isEmpty());
        assertFalse(h.toString().contains(TOKEN), "the token is never in a handover");
    }

    @Test
    void aHoldIsHeldWithClaudesReason() throws Exception {
        claude.answer(new FakeClaudeInbox.Answer("held", "", "Your message is held for the recipient user's approval"));

        Handover h = hand("hello");

        Handover.Held held = assertInstanceOf(Handover.Held.class, h, h.toString());
        assertTrue(held.why().contains("held for the recipient user's approval"), held.why());
    }

    @Test
    void aHeldMessageSettledLaterReachesTheLateListenerAndAForgedOneDoesNot() throws Exception {
        claude.answer(new FakeClaudeInbox.Answer("held", "", "held for approval"));
        assertInstanceOf(Handover.Held.class, hand("hello"));
        JsonNode message = claude.lines.get(claude.lines.size() - 1);
        JsonNode forged = ((ObjectNode) message.deepCopy()).put("msg_id", "00000000-0000-0000-0000-000000000000");

        claude.receipt(forged, new FakeClaudeInbox.Answer("delivered", "", "approved"));
        claude.receipt(message, new FakeClaudeInbox.Answer("delivered", "", "approved and released"));

        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> late.size() == 1);
        assertEquals("delivered", late.get(0).receipt().status());
        assertEquals("hello", late.get(0).text());
        assertEquals("j#" + "hello".hashCode(), late.get(0).parcel().ref(), "matched by reference, not words");
        assertInstanceOf(Handover.Handed.class, late.get(0).handover());
    }

    @Test
    void aRefusalAndADropAreRefusedWithClaudesReason() throws Exception {
        claude.answer(new FakeClaudeInbox.Answer("expired", "refused", "The recipient session is not accepting"));
        Handover refused = hand("hello");
        claude.answer(new FakeClaudeInbox.Answer("dropped", "", "dropped your message at its inbox"));
        Handover dropped = hand("hello again");

        assertTrue(
                assertInstanceOf(Handover.Refused.class, refused).why().contains("Claude refused it: The recipient"));
        assertTrue(assertInstanceOf(Handover.Refused.class, dropped).why().contains("Claude dropped it"));
    }

    @Test
    void aPaneWithoutALearnedSocketHasNoClaudeDoorAndOneWithItHandsThroughIt() throws Exception {
        try (ClaudeDoors doors = new ClaudeDoors(
                pane -> pane.equals("%2") ? Optional.of(new ClaudeMessaging(claude.socket, TOKEN)) : Optional.empty(),
                late::add,
                PATIENT)) {
            assertTrue(doors.forPane("%1").isEmpty());
            Door door = doors.forPane("%2").orElseThrow();
            assertEquals(ClaudeSocketDoor.NAME, door.name());
            assertInstanceOf(
                    Handover.Handed.class, door.hand(new Parcel("j#1", "hello")).get(15, TimeUnit.SECONDS));
        }
    }

    @Test
    void aSocketInAFolderOthersMayWriteGetsNeitherTokenNorMessageAndSaysWhy() throws Exception {
        // Claude's shared fallback folder (/tmp/cc-socks without XDG_RUNTIME_DIR), another user's to fill
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        try (ClaudeDoors doors =
                new ClaudeDoors(pane -> Optional.of(new ClaudeMessaging(claude.socket, TOKEN)), late::add, PATIENT)) {
            Opening opening = doors.open("%2", OptionalLong::empty);
            Opening.Absent absent = assertInstanceOf(Opening.Absent.class, opening, opening.toString());
            assertTrue(absent.why().contains("writable by other users"), absent.why());
            assertTrue(doors.forPane("%2").isEmpty());
        }
        Handover h = hand("hello");
        assertInstanceOf(Handover.Refused.class, h, h.toString());
        assertEquals(List.of(), claude.lines, "nothing reached the socket");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(claude.socket), files.toList(), "no reply inbox was opened beside it");
        }
    }

    @Test
    void aGoneSessionFailsAtOnce() throws Exception {
        claude.close();

        Handover h = hand("hello");

        assertTrue(assertInstanceOf(Handover.Failed.class, h).why().contains("does not answer"), h.toString());
    }

    @Test
    void aSessionThatNeverAnswersFailsWithinTheDeadline() throws Exception {
        claude.answer(FakeClaudeInbox.Answer.SILENT);
        // fill the socket's buffer too: the write itself must not block past the deadline
        String big = "x".repeat(400_000);
        long start = System.nanoTime();

        Handover h = hand(big, QUICK);

        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(assertInstanceOf(Handover.Failed.class, h).why().contains("did not take the message"), h.toString());
        assertTrue(ms < 3000, "bounded: " + ms + " ms");
    }

    @Test
    void aSessionThatReadsTheWholeMessageButClosesLateHasItHandedNotFailed() throws Exception {
        claude.answer(FakeClaudeInbox.Answer.READS_CLOSES_LATE);

        Handover h = hand("queued by a loaded Claude", QUICK);

        // typing it as well would reach the model twice: its hook or transcript decides what came of it
        Handover.Handed handed = assertInstanceOf(Handover.Handed.class, h, h.toString());
        assertTrue(handed.how().contains("sent whole"), handed.how());
        assertEquals(
                "queued by a loaded Claude",
                claude.lines.get(1).path("message").path("content").asText());
    }

    @Test
    void anEmptyOrOversizedMessageIsNeverSent() throws Exception {
        assertInstanceOf(Handover.Refused.class, hand("  \n"));
        assertInstanceOf(Handover.Refused.class, hand("x".repeat(ClaudeSocketDoor.MAX_CHARS + 1)));
        assertTrue(claude.lines.isEmpty());
    }

    @Test
    void theReplyInboxIsOwnerOnlyAndGoneOnClose() throws Exception {
        hand("hello");
        Path inbox = Files.list(dir)
                .filter(p -> p.getFileName().toString().startsWith("gather-"))
                .findFirst()
                .orElseThrow();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(inbox)));
        inboxes.close();
        assertFalse(Files.exists(inbox));
    }
}
