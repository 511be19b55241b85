package dev.gather.turn;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.door.ClaudeMessaging;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Claude pane's door is learned from the pane's own hook events: the messaging socket travels in
 * the spool header (version 3), only as the socket of a process the hook descends from, and the
 * pane's prompts are heard as the evidence that a message was taken.
 */
class ClaudeDoorLearningTest {
    private static final Path SOCKET = Path.of("/tmp/cc-socks/4242.sock");
    private static final String TOKEN = "ee71ec63611aa359010032afd776127a";
    private static final Instant AT = Instant.ofEpochMilli(1_700_000_000_000L);

    @TempDir
    Path tmp;

    private static HookEvent event(String pane, String payload, List<Long> pids, Optional<ClaudeMessaging> door) {
        return new HookEvent("claude", pane, AT, payload, new HookEvent.Origin.Process(pids), door);
    }

    private static String prompt(String text) {
        return "{\"session_id\":\"s1\",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":"
                + Json.MAPPER.valueToTree(text).toString() + "}";
    }

    @Test
    void theHeaderCarriesTheSocketOnlyForAProcessTheWriterDescendsFrom() throws Exception {
        ClaudeMessaging door = new ClaudeMessaging(SOCKET, TOKEN);
        HookEvent own = event("%3", "{}", List.of(4300L, 4242L, 1L), Optional.of(door));
        HookEvent foreign = event("%3", "{}", List.of(4300L, 4299L, 1L), Optional.of(door));

        assertEquals(Optional.of(door), HookEvent.parse(own.toBytes()).messaging());
        assertEquals(Optional.empty(), HookEvent.parse(foreign.toBytes()).messaging());
        assertEquals("{}", HookEvent.parse(own.toBytes()).payload());
        assertFalse(new String(own.toBytes()).lines().findFirst().orElseThrow().contains(" 2 "), "version 3");
    }

    @Test
    void theTokenNeverShowsInText() {
        ClaudeMessaging door = new ClaudeMessaging(SOCKET, TOKEN);
        assertFalse(door.toString().contains(TOKEN), door.toString());
        assertFalse(
                event("%3", "{}", List.of(4242L), Optional.of(door)).toString().contains(TOKEN));
    }

    @Test
    void aPaneKeepsItsLatestSocketOneSocketIsOnePanesAndAGonePaneForgetsIt() {
        SessionPanes sessions = new SessionPanes();
        ClaudeMessaging door = new ClaudeMessaging(SOCKET, TOKEN);
        sessions.heard(event("%3", "{}", List.of(4242L), Optional.of(door)));
        assertEquals(Optional.of(door), sessions.claudeMessaging("%3"));

        sessions.heard(event("%4", "{}", List.of(4242L), Optional.of(door)));
        assertEquals(Optional.empty(), sessions.claudeMessaging("%3"));
        assertEquals(Optional.of(door), sessions.claudeMessaging("%4"));

        sessions.forget("%4");
        assertEquals(Optional.empty(), sessions.claudeMessaging("%4"));
    }

    @Test
    void aPromptSubmittedIsHeardWithItsPane() {
        SessionPanes sessions = new SessionPanes();
        List<PromptSubmitted> heard = new CopyOnWriteArrayList<>();
        sessions.onPromptSubmitted(heard::add);

        sessions.heard(event("%3", prompt("[Ada] (1):\r\n\r\nline one\nline two"), List.of(1L), Optional.empty()));
        sessions.heard(event("%3", Samples.text("claude/stop.json"), List.of(1L), Optional.empty()));

        assertEquals(1, heard.size());
        assertEquals("%3", heard.get(0).pane());
        assertEquals("s1", heard.get(0).session());
        assertTrue(heard.get(0).carries("[Ada] (1):\n\nline one\nline two"));
        assertFalse(heard.get(0).carries("[Ada] (1):\n\nline one"));
    }

    @Test
    void sessionStartAndPromptEventsAreHeardButNeverRelayedNorRejected() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        SessionPanes sessions = new SessionPanes();
        List<TurnOutput> relayed = new CopyOnWriteArrayList<>();
        ClaudeMessaging door = new ClaudeMessaging(SOCKET, TOKEN);
        spool.drop(event(
                "%3",
                "{\"session_id\":\"s1\",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}",
                List.of(4300L, 4242L),
                Optional.of(door)));
        spool.drop(event("%3", prompt("hello"), List.of(4300L, 4242L), Optional.of(door)));
        SpoolWatcher watcher = SpoolWatcher.start(
                spool, HookParsers.withClaudeRoots(List.of()), PaneResolver.AS_NAMED, sessions, relayed::add);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> count(spool.incoming()) == 0);
        } finally {
            watcher.close();
        }
        assertEquals(Optional.of(door), sessions.claudeMessaging("%3"));
        assertTrue(relayed.isEmpty(), relayed.toString());
        assertEquals(0, count(spool.rejected()));
    }

    @Test
    void aRejectedEventIsKeptWithoutTheToken() throws Exception {
        Spool spool = new Spool(tmp.resolve("spool"));
        spool.drop(event(
                "%3",
                "{\"hook_event_name\":\"Stop\"}",
                List.of(4300L, 4242L),
                Optional.of(new ClaudeMessaging(SOCKET, TOKEN))));
        PaneResolver nowhere = e -> {
            throw new HookRejected("its writer runs in no pane");
        };
        SpoolWatcher watcher =
                SpoolWatcher.start(spool, HookParsers.withClaudeRoots(List.of()), nowhere, new SessionPanes(), o -> {});
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> count(spool.rejected()) == 1);
        } finally {
            watcher.close();
        }
        try (Stream<Path> files = Files.list(spool.rejected())) {
            String kept = Files.readString(files.findFirst().orElseThrow());
            assertFalse(kept.contains(TOKEN), kept);
            assertTrue(kept.contains("Stop"), kept);
        }
    }

    private static long count(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }
}
