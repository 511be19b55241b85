package dev.gather.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The highest sequence number accepted from each computer, kept on disk ({@code remote.seen}) so a
 * restarted daemon still refuses an old envelope copied back into its stream. A sender numbers from
 * its clock in microseconds, so its numbers keep growing across its own restarts.
 */
final class Sequences {
    private static final Logger LOG = LoggerFactory.getLogger(Sequences.class);
    private final Path file;
    private final Properties seen = new Properties();
    private long last;

    Sequences(Path file) {
        this.file = file;
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            try (InputStream in = Files.newInputStream(file)) {
                seen.load(in);
            } catch (IOException | IllegalArgumentException e) {
                LOG.warn("cannot read {} ({}); old envelopes are refused from now on only", file, e.getMessage());
            }
        }
    }

    /** The next number this computer sends with. */
    synchronized long next() {
        last = Math.max(last + 1, System.currentTimeMillis() * 1000);
        return last;
    }

    /** Whether {@code seq} from {@code computer} is newer than any accepted; records it when it is. */
    synchronized boolean accept(String computer, long seq) {
        long before = Long.parseLong(seen.getProperty(computer, "0"));
        if (seq <= before) {
            return false;
        }
        seen.setProperty(computer, Long.toString(seq));
        save();
        return true;
    }

    private void save() {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            seen.store(out, "the newest envelope accepted from each computer");
        } catch (IOException e) {
            LOG.warn("cannot write {}: {}", tmp, e.getMessage());
            return;
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("cannot write {}: {}", file, e.getMessage());
        }
    }
}
