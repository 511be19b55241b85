package dev.gather.turn;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.UUID;

/**
 * The spool directory hook events pass through: written whole into {@code tmp/}, then renamed into
 * {@code in/} so a reader never sees half a file; unparseable ones end in {@code rejected/}.
 */
public record Spool(Path root) {
    public Spool {
        java.util.Objects.requireNonNull(root, "root");
    }

    public Path incoming() {
        return root.resolve("in");
    }

    public Path staging() {
        return root.resolve("tmp");
    }

    public Path rejected() {
        return root.resolve("rejected");
    }

    /** Creates the directories, owner-only, when missing. */
    public void create() throws IOException {
        for (Path dir : new Path[] {root, incoming(), staging(), rejected()}) {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
                try {
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
                } catch (UnsupportedOperationException e) {
                    // not a POSIX file system: nothing finer to set
                }
            }
        }
    }

    /** Drops one event, atomically, the same way bin/gather's shell hook does; returns its path in {@code in/}. */
    public Path drop(HookEvent event) throws IOException {
        create();
        String name =
                event.time().toEpochMilli() + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID();
        Path temp = staging().resolve(name);
        Files.write(temp, event.toBytes());
        return Files.move(temp, incoming().resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }
}
