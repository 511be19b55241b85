package dev.gather.journal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A file another process appends to (a journal, Codex's transcript), read line by line from an
 * offset: each call gives the whole lines added since the last. Only whole lines: a line still being
 * written waits for the next call, so no UTF-8 sequence is ever cut in two.
 */
public final class AppendedLines {
    /** The most read at once; a larger append is read over the next calls. */
    private static final long MAX_READ = 8L << 20;

    private final Path file;
    private long offset;

    public AppendedLines(Path file, long from) {
        this.file = file;
        this.offset = from;
    }

    /** Where the whole lines read so far end. */
    public long offset() {
        return offset;
    }

    /**
     * Whole lines appended since the last call, up to {@link #MAX_READ} bytes of them (call again until
     * it gives none); an absent or unreadable file throws.
     */
    public List<String> next() throws IOException {
        List<String> lines = new ArrayList<>();
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            if (size <= offset) {
                return lines;
            }
            byte[] bytes = new byte[(int) Math.min(size - offset, MAX_READ)];
            in.seek(offset);
            in.readFully(bytes);
            int start = 0;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    lines.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                    start = i + 1;
                }
            }
            offset += start;
        }
        return lines;
    }
}
