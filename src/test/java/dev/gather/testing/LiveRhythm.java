package dev.gather.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A shipped rhythm as it hears live: every stock gathering hears in a digest (nothing is typed to an
 * agent until its own prompt), and the tests that watch each relayed turn reach every screen, or count
 * the journal entries live hearing writes, run a live copy of it. The benchmarks keep their own
 * ({@code bench/LiveRhythm}): src/bench is compiled before the tests and ships without them.
 */
public final class LiveRhythm {
    private LiveRhythm() {}

    /**
     * Writes the shipped rhythm {@code name}, renamed {@code name-live} and hearing live, into {@code
     * home}'s rhythms, and returns the name to start it by. Fails if the rhythm no longer hears in a
     * digest, rather than running a test on a copy that is not live.
     */
    public static String write(Path home, String name) throws IOException {
        String text = Fixtures.text("rhythms/" + name + ".yaml");
        String live = text.replaceFirst("(?m)^name: " + name + "$", "name: " + name + "-live")
                .replaceFirst("(?m)^hearing: digest$", "hearing: live");
        if (!live.contains("name: " + name + "-live") || !live.contains("hearing: live")) {
            throw new IllegalStateException("the shipped " + name + " rhythm changed shape; update LiveRhythm");
        }
        Files.createDirectories(home.resolve("rhythms"));
        Files.writeString(home.resolve("rhythms").resolve(name + "-live.yaml"), live);
        return name + "-live";
    }
}
