package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A program without an input box that reports its turns by a hook, with a given screen grace: delivery tests' member. */
public final class HookedProfile {
    private HookedProfile() {}

    /** Written into {@code dir} and loaded; {@code grace}: how long the screen waits for a hook, as a profile writes it ("3s"). */
    public static Profile load(Path dir, String grace) throws IOException {
        Files.writeString(
                dir.resolve("hooked.yaml"),
                """
                profile: hooked
                description: a program without an input box that reports its turns by a hook
                typing:
                  enter_gap: 0ms
                ready:
                  quiet: 50ms
                  timeout: 10s
                turns:
                  signal: hook
                  quiet: 1s
                  grace: %s
                """
                        .formatted(grace));
        return Profiles.load(List.of(dir)).get("hooked").orElseThrow();
    }
}
