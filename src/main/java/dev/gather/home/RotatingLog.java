package dev.gather.home;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A log file that keeps its history: the log of a daemon that crashed is what its user reads next, so
 * a new daemon moves the last one's log aside ({@code daemon.log.1}, older ones to {@code .2} … up to
 * {@link #KEEP}) instead of truncating it, and a long-running daemon moves its own log aside once it
 * passes {@link #MAX_BYTES}. Bounded both ways: at most {@code KEEP + 1} files of about {@code MAX_BYTES}.
 */
public final class RotatingLog extends OutputStream {
    /** How many earlier logs are kept beside the current one. */
    public static final int KEEP = 5;

    /** Past this size the current log is moved aside and a new one begun. */
    public static final long MAX_BYTES = 10L * 1024 * 1024;

    private final Path file;
    private final long maxBytes;
    private final int keep;
    private OutputStream out;
    private long size;

    /** Appends to {@code file}, moving it aside whenever it would pass {@code maxBytes}. */
    public RotatingLog(Path file, long maxBytes, int keep) throws IOException {
        this.file = file;
        this.maxBytes = maxBytes;
        this.keep = keep;
        open();
    }

    /** Moves {@code file} to {@code file.1} (and each {@code file.N} to {@code N+1}, dropping past {@code keep}). */
    public static void rotate(Path file, int keep) throws IOException {
        Files.deleteIfExists(numbered(file, keep));
        for (int n = keep - 1; n >= 1; n--) {
            if (Files.exists(numbered(file, n))) {
                Files.move(numbered(file, n), numbered(file, n + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (Files.exists(file) && keep >= 1) {
            Files.move(file, numbered(file, 1), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The {@code n}th earlier log of {@code file} (1 is the one before it). */
    public static Path numbered(Path file, int n) {
        return file.resolveSibling(file.getFileName() + "." + n);
    }

    /**
     * Makes this process's stdout and stderr (where its logger writes) a rotating log at {@code file},
     * after moving the last process's log there aside. A daemon started in the background calls it
     * once it holds the daemon lock, so a daemon that loses the race never moves the winner's log.
     */
    public static void takeStdio(Path file) throws IOException {
        rotate(file, KEEP);
        PrintStream log = new PrintStream(new RotatingLog(file, MAX_BYTES, KEEP), true, StandardCharsets.UTF_8);
        System.setOut(log);
        System.setErr(log);
    }

    private void open() throws IOException {
        out = new FileOutputStream(file.toFile(), true);
        size = Files.size(file);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (size > 0 && size + len > maxBytes) {
            out.close();
            rotate(file, keep);
            open();
        }
        out.write(b, off, len);
        size += len;
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
