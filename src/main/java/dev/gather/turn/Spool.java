package dev.gather.turn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * The hand-over point between hooks and the daemon: a hook writes one file into {@code tmp/} and
 * renames it into {@code in/} (atomic, so the daemon never sees half a file); the daemon takes it
 * from there. This is also what the shell fast path in {@code bin/gather} does, without a JVM.
 */
public record Spool(Path root) {
    public Path in() {
        return root.resolve("in");
    }

    public Path tmp() {
        return root.resolve("tmp");
    }

    public Path rejected() {
        return root.resolve("rejected");
    }

    /** Creates the directories, owner-only. */
    public void create() {
        try {
            for (Path p : new Path[] {root, in(), tmp(), rejected()}) {
                Files.createDirectories(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create spool " + root, e);
        }
    }

    /** Drops one event; returns the file it landed in. */
    public Path drop(String harness, String pane, long epochMillis, String payload) {
        create();
        String name = epochMillis + "-" + UUID.randomUUID();
        Path tmp = tmp().resolve(name);
        try {
            Files.writeString(
                    tmp, HookEvent.header(harness, pane, epochMillis) + "\n" + payload, StandardCharsets.UTF_8);
            return Files.move(tmp, in().resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write hook event into " + root, e);
        }
    }
}
