package dev.gather.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** `gather status` in words: local times to the second, thinking for a member mid-turn, closed apart. */
class StatusLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** 14:05 in Berlin, an hour ahead of UTC in November: the times below must come out local. */
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-25T13:05:00Z"), ZoneId.of("Europe/Berlin"));

    @Test
    void whatIsOnItsWayIsSaidPlainlyAndTheNoteFollows() throws Exception {
        var pending = JSON.readTree("[{\"state\":\"typing\"},{\"state\":\"queued\"},{\"state\":\"queued\"}]");
        assertEquals("1 message being typed in, 2 messages waiting to be typed", StatusCommand.pending(pending, ""));
        assertEquals(
                "1 message being typed in, 2 messages waiting to be typed; waiting: dialog open",
                StatusCommand.pending(pending, "waiting: dialog open"));
        assertEquals("no messages on their way", StatusCommand.pending(JSON.readTree("[]"), ""));
    }

    @Test
    void turnsWaitingForTheDaemonAndTurnsItRefusedAreCounted() throws Exception {
        var answer = JSON.readTree(
                """
                {"daemon": {"pid": 7, "uptime_s": 3, "state_dir": "/s", "computer": "c"},
                 "tmux": {"ok": true}, "links": [], "gatherings": [],
                 "spool": {"waiting": 3, "refused": 2}}
                """);
        StringWriter out = new StringWriter();
        StatusCommand.print(new PrintWriter(out), answer, CLOCK);
        assertTrue(out.toString().contains("3 turn end(s) wait in the spool"), out.toString());
        assertTrue(out.toString().contains("2 turn end(s) refused: nothing proved who wrote them"), out.toString());
        StringWriter none = new StringWriter();
        StatusCommand.print(
                new PrintWriter(none),
                JSON.readTree("{\"daemon\": {\"pid\": 7}, \"spool\": {\"waiting\": 0, \"refused\": 0}}"),
                CLOCK);
        assertFalse(none.toString().contains("turn end"), none.toString());
    }

    @Test
    void timesAreLocalToTheSecondAndAMemberMidTurnIsThinking() throws Exception {
        var del = JSON.readTree(
                "{\"state\":\"busy\",\"since\":\"2026-11-25T13:03:07.123456789Z\",\"profile\":\"claude\",\"pending\":[]}");
        assertEquals("thinking since 14:03:07; no messages on their way", StatusCommand.state(del, CLOCK));
        assertEquals("2026-11-24 23:59:59", StatusCommand.localTime("2026-11-24T22:59:59.999Z", CLOCK));
    }

    @Test
    void closedGatheringsLeaveTheLivePartForOneRecentlyClosedLine() throws Exception {
        var answer = JSON.readTree(
                """
                {"daemon": {"pid": 7, "uptime_s": 3, "state_dir": "/s", "computer": "c"},
                 "tmux": {"ok": true},
                 "links": [{"id": "g-live", "rhythm": "daily", "turns_used": 2, "members": []},
                           {"id": "l-1", "rhythm": "direct", "turns_used": 1, "members": []}],
                 "gatherings": [
                   {"gathering_id": "g-live", "rhythm": "daily", "state": "speaking", "phase": "inhale",
                    "round": 1, "rounds": 2, "holder": "Ada",
                    "members": [
                      {"name": "Ada", "number": 1, "role": "speaker", "pane": "%1",
                       "delivery": {"state": "busy", "since": "2026-11-25T13:04:59.5Z", "pending": []}},
                      {"name": "Bo", "number": 2, "role": "speaker",
                       "delivery": {"state": "idle", "since": "2026-11-25T13:04:00Z",
                                    "pending": [{"state": "typing"}]}},
                      {"name": "Hu", "number": 3, "role": "human"}]},
                   {"gathering_id": "g-done", "rhythm": "daily", "state": "closed", "phase": "exhale",
                    "round": 1, "rounds": 1, "members": []}],
                 "deliveries": [
                   {"pane": "%1", "delivery": {"state": "busy", "since": "2026-11-25T13:04:59.5Z", "pending": []}},
                   {"pane": "%9", "delivery": {"state": "idle", "since": "2026-11-25T13:01:00Z", "profile": "codex",
                                               "pending": [{"state": "delivered"}]}}],
                 "degraded": {}, "interrupted": [], "resumed": ["g-old", "g-live"]}
                """);
        StringWriter text = new StringWriter();
        StatusCommand.print(new PrintWriter(text), answer, CLOCK);
        String out = text.toString();
        assertTrue(out.contains("g-live (daily) speaking, phase inhale round 1/2, piece with Ada"), out);
        assertTrue(out.contains("  1. Ada [speaker] thinking since 14:04:59; no messages on their way"), out);
        assertTrue(out.contains("  2. Bo [speaker] idle since 14:04:00; 1 message being typed in"), out);
        assertTrue(out.contains("  3. Hu [human] no pane"), out);
        assertTrue(out.contains("g-live resumed"), out);
        assertTrue(out.contains("l-1 (direct, 1 turns)"), "a plain link is listed: " + out);
        assertFalse(out.contains("g-live (daily, 2 turns)"), "a gathering is told once, not again as a link: " + out);
        assertFalse(out.contains("%1 ("), "a member's pane is not told again below: " + out);
        assertTrue(out.contains("  %9 (codex) idle since 14:01:00; 1 message typed but not yet confirmed"), out);
        assertTrue(out.contains("recently closed: g-done, g-old (gather transcript <id> shows one)"), out);
        assertFalse(out.contains("g-done (daily)"), "a closed gathering is not among the live ones: " + out);
        assertFalse(out.contains("g-old resumed"), out);
        assertFalse(out.matches("(?s).*\\d{2}:\\d{2}:\\d{2}\\.\\d.*"), "no fractions of a second: " + out);
    }
}
