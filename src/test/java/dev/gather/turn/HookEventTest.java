package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class HookEventTest {
    @Test
    void roundTripsThroughTheSpoolFormat() throws Exception {
        HookEvent event = new HookEvent("claude", "%12", Instant.ofEpochMilli(42), "{\"a\":\n1}");
        assertEquals(event, HookEvent.parse(event.toBytes()));
        assertEquals(
                "gather-hook 2 claude %12 42 on-behalf\n{\"a\":\n1}",
                new String(event.toBytes(), StandardCharsets.UTF_8));
        HookEvent fromProcesses = new HookEvent(
                "codex", "%3", Instant.ofEpochMilli(7), "{}", new HookEvent.Origin.Process(List.of(30L, 20L, 10L)));
        assertEquals(
                "gather-hook 2 codex %3 7 pids:30,20,10\n{}",
                new String(fromProcesses.toBytes(), StandardCharsets.UTF_8));
        assertEquals(fromProcesses, HookEvent.parse(fromProcesses.toBytes()));
        HookEvent onBehalf = new HookEvent(
                "sim", "%3", Instant.ofEpochMilli(8), "{}", new HookEvent.Origin.OnBehalf(List.of(40L, 4L)));
        assertEquals(
                "gather-hook 2 sim %3 8 on-behalf:pids:40,4\n{}",
                new String(onBehalf.toBytes(), StandardCharsets.UTF_8));
        assertEquals(onBehalf, HookEvent.parse(onBehalf.toBytes()));
    }

    @Test
    void aVersionOneHeaderIsStillReadItsWriterUnknown() throws Exception {
        HookEvent old = HookEvent.parse("gather-hook 1 claude %12 42\n{}".getBytes(StandardCharsets.UTF_8));
        assertEquals("%12", old.pane());
        assertEquals(new HookEvent.Origin.Unknown(), old.origin());
    }

    @Test
    void badHeadersAreRejected() {
        for (String bad : new String[] {
            "",
            "gather-hook 1 claude %1 5",
            "nope 1 claude %1 5\n{}",
            "gather-hook 2 claude %1 5\n{}",
            "gather-hook 2 claude %1 5 pids:\n{}",
            "gather-hook 2 claude %1 5 pids:1;2\n{}",
            "gather-hook 2 claude %1 5 someone\n{}",
            "gather-hook 2 claude %1 5 on-behalf:\n{}",
            "gather-hook 2 claude %1 5 on-behalf:pids:x\n{}",
            "gather-hook 3 claude %1 5 on-behalf\n{}",
            "gather-hook 1 claude %1 soon\n{}",
            "gather-hook 1 Claude! %1 5\n{}",
            "gather-hook 1 claude pane 5\n{}"
        }) {
            assertThrows(HookRejected.class, () -> HookEvent.parse(bad.getBytes(StandardCharsets.UTF_8)), bad);
        }
    }
}
