package dev.gather.identity;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Whether a process holds a spool file open right now: the one proof of who wrote a spool file that
 * another process of the same user cannot make by writing a header. The kernel lists a process's
 * open files in {@code /proc/<pid>/fd}; a file is the same when its device and inode are.
 */
public final class SpoolWriter {
    /** More open files than a hook, a harness or a JVM holds; a bound on a process that holds thousands. */
    private static final int MOST_FILES = 8192;

    private SpoolWriter() {}

    /** Whether process {@code pid} has {@code file} open (the file itself, not another of the same name). */
    public static boolean holds(long pid, Path file) {
        Object key;
        try {
            key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return false;
        }
        if (key == null || pid <= 1) {
            return false;
        }
        int seen = 0;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                if (++seen > MOST_FILES) {
                    return false;
                }
                if (key.equals(keyOf(fd))) {
                    return true;
                }
            }
        } catch (IOException | SecurityException e) {
            return false; // no such process (any more), or not ours to look at
        }
        return false;
    }

    private static Object keyOf(Path fd) {
        try {
            return Files.readAttributes(fd, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return null; // closed meanwhile, or a socket or pipe: not a file
        }
    }
}
