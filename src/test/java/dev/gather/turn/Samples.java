package dev.gather.turn;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** Sample hook payloads checked into src/test/resources/hooks/. */
final class Samples {
    private Samples() {}

    static String text(String name) {
        try (InputStream in = Samples.class.getResourceAsStream("/hooks/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample hooks/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static HookEvent event(String harness, String payload) {
        return new HookEvent(harness, "%7", Instant.ofEpochMilli(1_700_000_000_000L), payload);
    }
}
