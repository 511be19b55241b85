package dev.gather.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;

/**
 * One append-only JSONL file for one link or gathering. Every entry is written and forced to disk
 * before the caller goes on to deliver it, so a daemon killed mid-delivery loses nothing said.
 */
public final class Journal implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final Clock clock;
    private final FileChannel channel;
    private long entries;

    Journal(Path file, Clock clock) {
        this.file = file;
        this.clock = clock;
        try {
            this.channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            this.entries = Transcript.read(file).size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open journal " + file, e);
        }
    }

    /** The file this journal appends to. */
    public Path file() {
        return file;
    }

    /**
     * Appends {@code entry} (a {@code time} field is added) and forces it to disk; returns the
     * entry's number in the journal (from 1, as {@link Transcript#read} counts them).
     */
    public long append(ObjectNode entry) {
        return write(entry, true);
    }

    /**
     * Appends without forcing to disk: the entry survives the daemon being killed (the kernel has
     * it) but not the machine losing power. For delivery steps that follow a forced entry.
     */
    public long appendUnforced(ObjectNode entry) {
        return write(entry, false);
    }

    private synchronized long write(ObjectNode entry, boolean force) {
        ObjectNode line = JSON.createObjectNode();
        line.put("time", clock.instant().toString());
        line.setAll(entry);
        try {
            byte[] bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            if (force) {
                channel.force(false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to journal " + file, e);
        }
        return ++entries;
    }

    /** A fresh entry of {@code kind} for {@link #append}. */
    public static ObjectNode entry(String kind) {
        return JSON.createObjectNode().put("kind", kind);
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close journal " + file, e);
        }
    }
}
