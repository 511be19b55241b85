package dev.gather.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * Journal files on the real disk that can be made to fail as a full disk (half an entry written,
 * then ENOSPC) or a read-only file (every write refused) does, and healed again. Tests run as root,
 * where permissions do not stop writes, so the failure is injected here, under the journal.
 */
public final class FailingDisk implements JournalFiles {
    /** How the disk behaves now. */
    public enum Mode {
        HEALTHY,
        FULL,
        READ_ONLY
    }

    private volatile Mode mode = Mode.HEALTHY;
    private volatile Predicate<Path> failing = file -> true;
    private volatile boolean truncateFails;

    public void set(Mode mode) {
        this.mode = mode;
    }

    /** From now on only the files {@code which} accepts fail (one journal's disk, say); the others are healthy. */
    public void only(Predicate<Path> which) {
        this.failing = which;
    }

    /** When full, even cutting a half entry back fails (the journal must fence it instead). */
    public void truncateFails(boolean fails) {
        this.truncateFails = fails;
    }

    private Mode mode(Path file) {
        return failing.test(file) ? mode : Mode.HEALTHY;
    }

    @Override
    public File open(Path file) throws IOException {
        if (mode(file) == Mode.READ_ONLY) {
            throw new AccessDeniedException(file.toString(), null, "Read-only file system");
        }
        File real = JournalFiles.REAL.open(file);
        return new File() {
            @Override
            public long size() throws IOException {
                return real.size();
            }

            @Override
            public int lastByte() throws IOException {
                return real.lastByte();
            }

            @Override
            public void append(ByteBuffer bytes) throws IOException {
                switch (mode(file)) {
                    case READ_ONLY -> throw new IOException("Read-only file system");
                    case FULL -> {
                        // the disk takes what fits: part of the entry, no newline
                        ByteBuffer half = bytes.duplicate();
                        half.limit(half.position() + Math.max(1, half.remaining() / 2));
                        real.append(half);
                        throw new IOException("No space left on device");
                    }
                    case HEALTHY -> real.append(bytes);
                }
            }

            @Override
            public void force() throws IOException {
                real.force();
            }

            @Override
            public void truncate(long size) throws IOException {
                if (mode(file) != Mode.HEALTHY && truncateFails) {
                    throw new IOException("No space left on device");
                }
                real.truncate(size);
            }

            @Override
            public void close() throws IOException {
                real.close();
            }
        };
    }
}
