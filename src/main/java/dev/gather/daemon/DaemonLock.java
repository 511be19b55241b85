package dev.gather.daemon;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/** The one-daemon-per-state-directory lock: held for the daemon's whole life, released by the OS on death. */
final class DaemonLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private DaemonLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock, or empty when another daemon holds it. */
    static Optional<DaemonLock> tryAcquire(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return Optional.empty();
            }
            return Optional.of(new DaemonLock(channel, lock));
        } catch (OverlappingFileLockException e) {
            channel.close();
            return Optional.empty();
        }
    }

    /**
     * Writes this process's pid into the lock file through the lock's own channel: closing any other
     * descriptor of the file in this process would release the lock (POSIX record locks), and a
     * second daemon could then take it.
     */
    void announce() throws IOException {
        channel.truncate(0);
        channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        channel.force(false);
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
