package dev.gather.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HookEventTest {
    @Test
    void roundTripsThroughTheSpoolFormat() throws Exception {
        HookEvent event = new HookEvent("claude", "%12", Instant.ofEpochMilli(42), "{\"a\":\n1}");
        assertEquals(event, HookEvent.parse(event.toBytes()));
        assertEquals("gather-hook 1 claude %12 42\n{\"a\":\n1}", new String(event.toBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void badHeadersAreRejected() {
        for (String bad : new String[] {
            "",
            "gather-hook 1 claude %1 5",
            "nope 1 claude %1 5\n{}",
            "gather-hook 2 claude %1 5\n{}",
            "gather-hook 1 claude %1 soon\n{}",
            "gather-hook 1 Claude! %1 5\n{}",
            "gather-hook 1 claude pane 5\n{}"
        }) {
            assertThrows(HookRejected.class, () -> HookEvent.parse(bad.getBytes(StandardCharsets.UTF_8)), bad);
        }
    }
}
