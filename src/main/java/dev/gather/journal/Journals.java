package dev.gather.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The journal directory: one {@code <id>.jsonl} per link or gathering. */
public final class Journals implements AutoCloseable {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,80}");

    private final Path dir;
    private final Clock clock;
    private final JournalFiles files;
    private final Map<String, Journal> open = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public Journals(Path dir, Clock clock) {
        this(dir, clock, JournalFiles.REAL);
    }

    /** Journals in {@code dir} written through {@code files} (tests inject a failing disk). */
    public Journals(Path dir, Clock clock, JournalFiles files) {
        this.dir = dir;
        this.clock = clock;
        this.files = files;
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create journal directory " + dir, e);
        }
        // what agents said to each other is the owner's alone, like the socket (older daemons made it 0755)
        Owner.only(dir, "rwx------");
    }

    /**
     * The journal of {@code id}, opened on first use; throws {@link JournalUnavailable} when it
     * cannot be opened (and tries again on the next call).
     */
    public Journal of(String id) {
        if (closed) {
            // a delivery finishing after the daemon closed must not open (or create) a file again
            throw new JournalUnavailable(id, JournalUnavailable.CLOSING, null);
        }
        return open.computeIfAbsent(id, k -> new Journal(file(k), clock, files));
    }

    /** The file of {@code id}; ids are checked so a caller cannot name a path outside the directory. */
    public Path file(String id) {
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("not a journal id: " + id);
        }
        return dir.resolve(id + ".jsonl");
    }

    /**
     * The journal a user means: {@code id} when given (it must exist), else the most recent one.
     * Throws IllegalArgumentException with a message naming what exists.
     */
    public String choose(String id) {
        if (id == null) {
            return mostRecent().orElseThrow(() -> new IllegalArgumentException("no journals yet in " + dir));
        }
        if (!Files.exists(file(id))) {
            throw new IllegalArgumentException("no journal named " + id + "; known: " + list());
        }
        return id;
    }

    /** The id of the most recently written journal, if any. */
    public Optional<String> mostRecent() {
        return list().stream().findFirst();
    }

    /** Journal ids, most recently written first. */
    public List<String> list() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
                    .sorted(Comparator.comparing(Journals::modified).reversed())
                    .map(p -> p.getFileName().toString().replaceFirst("\\.jsonl$", ""))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list journals in " + dir, e);
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        closed = true;
        open.values().forEach(Journal::close);
        open.clear();
    }
}
