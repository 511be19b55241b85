package dev.gather.turn;

import dev.gather.testing.Fixtures;
import java.time.Instant;

/** Sample hook payloads checked into src/test/resources/hooks/. */
final class Samples {
    private Samples() {}

    static String text(String name) {
        return Fixtures.text("hooks/" + name);
    }

    static HookEvent event(String harness, String payload) {
        return new HookEvent(harness, "%7", Instant.ofEpochMilli(1_700_000_000_000L), payload);
    }
}
