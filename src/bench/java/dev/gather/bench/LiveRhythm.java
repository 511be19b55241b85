package dev.gather.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A shipped rhythm as it hears live: every stock gathering hears in a digest (nothing is typed to an
 * agent until its own prompt), and the benchmarks that time a relay reaching every pane measure the
 * live relay, as the old design they compare against had it.
 */
final class LiveRhythm {
    private LiveRhythm() {}

    /** The shipped rhythm {@code name}, renamed {@code name-live} and hearing live. */
    static String text(String name) throws IOException {
        String live = shipped(name)
                .replaceFirst("(?m)^name: " + name + "$", "name: " + name + "-live")
                .replaceFirst("(?m)^hearing: digest$", "hearing: live");
        if (!live.contains("hearing: live")) {
            throw new IllegalStateException("the " + name + " rhythm changed shape; update LiveRhythm");
        }
        return live;
    }

    /** The text of the shipped rhythm {@code name}, as the build packed it. */
    static String shipped(String name) throws IOException {
        try (InputStream in = LiveRhythm.class.getResourceAsStream("/rhythms/" + name + ".yaml")) {
            if (in == null) {
                throw new IllegalStateException("the shipped " + name + " rhythm is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Writes {@link #text} into {@code home}'s rhythms and returns the name to start it by. */
    static String write(Path home, String name) throws IOException {
        Files.createDirectories(home.resolve("rhythms"));
        Files.writeString(home.resolve("rhythms").resolve(name + "-live.yaml"), text(name));
        return name + "-live";
    }
}
