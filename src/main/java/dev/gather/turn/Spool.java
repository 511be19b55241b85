package dev.gather.turn;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * The spool directory hook events pass through: written whole into {@code tmp/}, then renamed into
 * {@code in/} so a reader never sees half a file; unparseable ones end in {@code rejected/}.
 */
public record Spool(Path root) {
    public Spool {
        Objects.requireNonNull(root, "root");
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

    /**
     * Moves {@code file}, an event that will not be handed over, to {@code rejected/} for a person to
     * read: without the harness's secret where {@code event}, what could be read of it, carries one.
     */
    public void setAside(Path file, HookEvent event) throws IOException {
        Path aside = rejected().resolve(file.getFileName());
        if (event != null && event.messaging().isPresent()) {
            Files.write(aside, event.withoutDoor().toBytes());
            Files.deleteIfExists(file);
            return;
        }
        Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
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

    /**
     * Drops one event, atomically, the same way bin/gather's shell hook does, and returns its path in
     * {@code in/}. This process holds the file open until the daemon took it: the daemon believes the
     * header only while the writer it names holds that very file. An event that names no writer
     * ({@code on-behalf} from a test or a benchmark) names this process.
     */
    public Path drop(HookEvent event) throws IOException {
        create();
        long self = ProcessHandle.current().pid();
        String name = event.time().toEpochMilli() + "-" + self + "-" + UUID.randomUUID();
        Path temp = staging().resolve(name);
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            ByteBuffer bytes = ByteBuffer.wrap(event.writtenBy(self).toBytes());
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            Path in = Files.move(temp, incoming().resolve(name), StandardCopyOption.ATOMIC_MOVE);
            SpoolHolds.hold(in, channel);
            return in;
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    /**
     * Drops one event for a writer that may end before the daemon takes it (a hook a harness stops
     * waiting for): a holder process keeps the file open meanwhile, while {@code daemonLock} says a
     * daemon ran here, for up to an hour.
     */
    public Path handOff(HookEvent event, Path daemonLock) throws IOException {
        return SpoolHolder.drop(this, event, daemonLock);
    }

    /** Waits until the daemon took {@code dropped} (it left {@code in/}); false when {@code patience} ran out. */
    public static boolean awaitTaken(Path dropped, Duration patience) {
        return SpoolHolds.awaitTaken(dropped, patience);
    }
}
