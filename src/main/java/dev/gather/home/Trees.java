package dev.gather.home;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Folders gather made and removes whole: an uninstall's, a demo's home, a benchmark's scratch. */
public final class Trees {
    private Trees() {}

    /** Deletes {@code root} and everything below it, deepest first. */
    public static void delete(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
