package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A program with an input box ({@code > } and its text): delivery tests' member whose box can hold text. */
public final class BoxedProfile {
    private BoxedProfile() {}

    /** One without turns, written into {@code dir} and loaded. */
    public static Profile load(Path dir) throws IOException {
        Files.writeString(
                dir.resolve("boxed.yaml"),
                """
                profile: boxed
                description: a program with an input box and no turns
                typing:
                  enter_gap: 0ms
                ready:
                  quiet: 100ms
                  timeout: 10s
                input_box:
                  line: '^> ?(?<text>.*)$'
                  search_lines: 3
                turns:
                  signal: none
                """);
        return Profiles.load(List.of(dir)).get("boxed").orElseThrow();
    }

    /**
     * A program with the same input box that reports its turns by a hook, written into {@code dir}
     * and loaded: its screen is looked at {@code grace} after a letter went in (as a profile writes
     * it, "100ms") and judged idle once still for {@code quiet}.
     */
    public static Profile hooked(Path dir, String quiet, String grace) throws IOException {
        Files.writeString(
                dir.resolve("boxed-hooked.yaml"),
                """
                profile: boxed-hooked
                description: a program with an input box that reports its turns by a hook
                typing:
                  enter_gap: 0ms
                ready:
                  quiet: 50ms
                  timeout: 10s
                input_box:
                  line: '^> ?(?<text>.*)$'
                  search_lines: 3
                turns:
                  signal: hook
                  quiet: %s
                  grace: %s
                """
                        .formatted(quiet, grace));
        return Profiles.load(List.of(dir)).get("boxed-hooked").orElseThrow();
    }
}
