package dev.gather.turn;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** Reads a file's lines from the last to the first in fixed chunks, so a long transcript costs only its tail. */
final class ReverseLines implements Closeable {
    private static final int CHUNK = 64 * 1024;
    private final RandomAccessFile file;
    private final byte[] chunk = new byte[CHUNK];
    private long chunkStart;
    private int chunkEnd;
    private int cursor;

    ReverseLines(Path path) throws IOException {
        file = new RandomAccessFile(path.toFile(), "r");
        chunkStart = file.length();
        cursor = 0;
        chunkEnd = 0;
    }

    /** The previous non-empty line, or empty at the start of the file. */
    Optional<String> previous() throws IOException {
        while (true) {
            Optional<byte[]> line = previousRaw();
            if (line.isEmpty()) {
                return Optional.empty();
            }
            String text = new String(line.get(), StandardCharsets.UTF_8);
            if (!text.isBlank()) {
                return Optional.of(text);
            }
        }
    }

    private Optional<byte[]> previousRaw() throws IOException {
        // bytes of the line are met back to front: collect segments, reverse order at the end
        ByteArrayOutputStream reversed = new ByteArrayOutputStream();
        boolean any = false;
        while (true) {
            if (cursor == 0 && !refill()) {
                return any ? Optional.of(flip(reversed.toByteArray())) : Optional.empty();
            }
            byte b = chunk[--cursor];
            any = true;
            if (b == '\n') {
                return Optional.of(flip(reversed.toByteArray()));
            }
            reversed.write(b);
        }
    }

    private boolean refill() throws IOException {
        if (chunkStart == 0) {
            return false;
        }
        int size = (int) Math.min(CHUNK, chunkStart);
        chunkStart -= size;
        file.seek(chunkStart);
        file.readFully(chunk, 0, size);
        chunkEnd = size;
        cursor = chunkEnd;
        return true;
    }

    private static byte[] flip(byte[] bytes) {
        for (int i = 0, j = bytes.length - 1; i < j; i++, j--) {
            byte t = bytes[i];
            bytes[i] = bytes[j];
            bytes[j] = t;
        }
        return bytes;
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
