package dev.gather.journal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * How journals reach the file system: the real one, or in tests one that fails the way a full disk
 * or a read-only file does (running as root, permissions alone cannot make a file refuse writes).
 */
public interface JournalFiles {
    /** The file system itself; journals are created owner-only (0600). */
    JournalFiles REAL = RealFile::open;

    /** Opens {@code file} for appending, creating it when missing. */
    File open(Path file) throws IOException;

    /** One open journal file. */
    interface File extends Closeable {
        /** Its length in bytes now. */
        long size() throws IOException;

        /** The last byte, or -1 when the file is empty. */
        int lastByte() throws IOException;

        /** Appends all of {@code bytes}, or throws having written some of them. */
        void append(ByteBuffer bytes) throws IOException;

        /** Forces what was appended to the disk. */
        void force() throws IOException;

        /** Cuts the file back to {@code size} bytes (dropping a half-written entry). */
        void truncate(long size) throws IOException;
    }

    /** A journal file on disk. */
    final class RealFile implements File {
        private final FileChannel channel;

        private RealFile(FileChannel channel) {
            this.channel = channel;
        }

        static File open(Path file) throws IOException {
            // a symlink planted in the journal folder must not redirect what the daemon writes
            if (Files.isSymbolicLink(file)) {
                throw new IOException(file + " is a symbolic link, not a journal");
            }
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createFile(
                            file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                } catch (FileAlreadyExistsException raced) {
                    // another opener made it first: fine, it is owner-only as well
                }
            } else {
                Owner.only(file, "rw-------"); // older daemons left journals 0644
            }
            return new RealFile(FileChannel.open(
                    file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS));
        }

        @Override
        public long size() throws IOException {
            return channel.size();
        }

        @Override
        public int lastByte() throws IOException {
            long size = channel.size();
            if (size == 0) {
                return -1;
            }
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, size - 1);
            return one.get(0) & 0xff;
        }

        @Override
        public void append(ByteBuffer bytes) throws IOException {
            long at = channel.size();
            while (bytes.hasRemaining()) {
                at += channel.write(bytes, at);
            }
        }

        @Override
        public void force() throws IOException {
            channel.force(false);
        }

        @Override
        public void truncate(long size) throws IOException {
            channel.truncate(size);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
