package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.profile.Profiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A program with an input box ({@code > } and its text) and no turns: delivery tests' member whose box can hold text. */
public final class BoxedProfile {
    private BoxedProfile() {}

    /** Written into {@code dir} and loaded. */
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
}
