package dev.gather.journal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One append-only JSONL file for one link or gathering. Every entry is written and forced to disk
 * before the caller goes on to deliver it, so a daemon killed mid-delivery loses nothing said. A
 * write that fails throws {@link JournalUnavailable} and leaves no half entry for the next one to
 * be glued onto: it is cut off, or when even that fails, fenced by a newline before the next entry.
 */
public final class Journal implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Journal.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int NEWLINE = '\n';

    private final Path file;
    private final Clock clock;
    private final JournalFiles.File out;
    private final Optional<String> torn;
    private long entries;
    /** The length after the last whole entry: a failed write is cut back to it. */
    private long whole;
    /** A failed write could not be cut back: the next entry starts on a line of its own. */
    private boolean fence;
    /** Closed with the daemon: a late writer is refused before it touches the file. */
    private boolean closed;

    Journal(Path file, Clock clock, JournalFiles files) {
        this.file = file;
        this.clock = clock;
        try {
            this.out = files.open(file);
            this.entries = Files.exists(file) ? Transcript.read(file).size() : 0;
            this.torn = fenceTornLine();
            this.whole = out.size();
        } catch (IOException e) {
            throw JournalUnavailable.of(file, e);
        }
    }

    /**
     * A last line without its newline is what a crash or a full disk left mid-entry: it stays (it
     * is evidence) but gets its newline now, so no later entry is appended onto it.
     */
    private Optional<String> fenceTornLine() throws IOException {
        int last = out.lastByte();
        if (last == -1 || last == NEWLINE) {
            return Optional.empty();
        }
        String fragment = tornFragment();
        out.append(ByteBuffer.wrap(new byte[] {NEWLINE}));
        out.force();
        LOG.warn("journal {}: its last line was torn (no newline); fenced it off: {}", file, fragment);
        return Optional.of(fragment);
    }

    private String tornFragment() throws IOException {
        if (!Files.isRegularFile(file)) {
            return "(unreadable)";
        }
        byte[] all = Files.readAllBytes(file);
        int start = all.length;
        while (start > 0 && all[start - 1] != NEWLINE) {
            start--;
        }
        String s = new String(all, start, all.length - start, StandardCharsets.UTF_8);
        return s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }

    /** The file this journal appends to. */
    public Path file() {
        return file;
    }

    /** The torn last line this journal found and fenced when it was opened, if any. */
    public Optional<String> tornAtOpen() {
        return torn;
    }

    /**
     * Appends {@code entry} (a {@code time} field is added) and forces it to disk; returns the
     * entry's number in the journal (from 1, as {@link Transcript#read} counts them). Throws
     * {@link JournalUnavailable} when the disk refuses; nothing of the entry then counts.
     */
    public long append(Entry entry) {
        return write(Entries.encode(entry), true);
    }

    /**
     * Appends without forcing to disk: the entry survives the daemon being killed (the kernel has
     * it) but not the machine losing power. For delivery steps that follow a forced entry.
     */
    public long appendUnforced(Entry entry) {
        return write(Entries.encode(entry), false);
    }

    private synchronized long write(ObjectNode entry, boolean force) {
        if (closed) {
            throw new JournalUnavailable(file.getFileName().toString(), JournalUnavailable.CLOSING, null);
        }
        ObjectNode line = JSON.createObjectNode();
        line.put("time", clock.instant().toString());
        line.setAll(entry);
        byte[] bytes;
        try {
            bytes = ((fence ? "\n" : "") + JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot encode a journal entry", e);
        }
        try {
            out.append(ByteBuffer.wrap(bytes));
            if (force) {
                out.force();
            }
        } catch (IOException e) {
            cutBack();
            throw JournalUnavailable.of(file, e);
        }
        fence = false;
        try {
            whole = out.size();
        } catch (IOException e) {
            whole += bytes.length;
        }
        return ++entries;
    }

    private void cutBack() {
        try {
            out.truncate(whole);
            out.force();
        } catch (IOException e) {
            fence = true;
            LOG.warn(
                    "journal {}: a failed write could not be cut back ({}); the next entry is fenced",
                    file,
                    e.toString());
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close journal " + file, e);
        }
    }
}
