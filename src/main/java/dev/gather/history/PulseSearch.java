package dev.gather.history;

import dev.gather.process.Threads;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the files of past talk that best match some keywords. Bounded so that a seed is never held
 * up: at most {@code maxFiles} most recent files, at most {@code bytesPerFile} read from each, files
 * scanned in parallel; folders that do not exist are skipped.
 */
final class PulseSearch {
    private static final Logger LOG = LoggerFactory.getLogger(PulseSearch.class);
    static final int HIT_CAP = 5;
    private static final int MAX_DEPTH = 8;

    private final List<Source> sources;
    private final int bytesPerFile;
    private final int maxFiles;
    private final ThreadLocal<byte[]> buffers;

    PulseSearch(List<Source> sources, int bytesPerFile, int maxFiles) {
        this.sources = List.copyOf(Objects.requireNonNull(sources, "sources"));
        if (bytesPerFile < 1024 || maxFiles < 1) {
            throw new IllegalArgumentException("bytesPerFile must be ≥ 1024 and maxFiles ≥ 1");
        }
        this.bytesPerFile = bytesPerFile;
        this.maxFiles = maxFiles;
        this.buffers = ThreadLocal.withInitial(() -> new byte[bytesPerFile]);
    }

    /** The best {@code limit} matches for {@code keywords}, best first; none when no file mentions any. */
    List<Match> best(List<String> keywords, int limit) {
        if (keywords.isEmpty()) {
            return List.of();
        }
        TokenScanner scanner = new TokenScanner(keywords);
        List<Candidate> candidates = candidates();
        return Threads.inParallel("gather-pulse", () -> candidates.parallelStream()
                .map(c -> score(c, scanner))
                .flatMap(Optional::stream)
                .sorted()
                .limit(limit)
                .toList());
    }

    private record Candidate(Source source, Path file, long modifiedMillis) {}

    private List<Candidate> candidates() {
        List<Candidate> all = new ArrayList<>();
        for (Source s : sources) {
            if (!Files.isDirectory(s.root())) {
                continue;
            }
            try {
                Files.walkFileTree(
                        s.root(), EnumSet.noneOf(FileVisitOption.class), MAX_DEPTH, new SimpleFileVisitor<>() {
                            @Override
                            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                                String name = file.getFileName().toString();
                                if (attrs.isRegularFile() && (name.endsWith(".jsonl") || name.endsWith(".json"))) {
                                    all.add(new Candidate(
                                            s, file, attrs.lastModifiedTime().toMillis()));
                                }
                                return FileVisitResult.CONTINUE;
                            }

                            @Override
                            public FileVisitResult visitFileFailed(Path file, IOException e) {
                                return FileVisitResult.CONTINUE;
                            }
                        });
            } catch (IOException e) {
                LOG.debug("skipping {}: {}", s.root(), e.toString());
            }
        }
        if (all.size() <= maxFiles) {
            return all;
        }
        all.sort(Comparator.comparingLong(Candidate::modifiedMillis).reversed());
        return all.subList(0, maxFiles);
    }

    private Optional<Match> score(Candidate c, TokenScanner scanner) {
        byte[] buffer = buffers.get();
        int length;
        try {
            length = readHead(c.file(), buffer);
        } catch (IOException e) {
            return Optional.empty();
        }
        int[] counts = new int[scanner.size()];
        scanner.count(buffer, length, counts);
        int distinct = 0;
        int hits = 0;
        for (int n : counts) {
            if (n > 0) {
                distinct++;
                hits += Math.min(n, HIT_CAP);
            }
        }
        return distinct == 0
                ? Optional.empty()
                : Optional.of(new Match(c.source(), c.file(), distinct, hits, c.modifiedMillis()));
    }

    /** Reads at most {@code buffer.length} bytes from the start of {@code file}; returns how many. */
    static int readHead(Path file, byte[] buffer) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.wrap(buffer);
            int n = 0;
            while (b.hasRemaining() && n >= 0) {
                n = ch.read(b);
            }
            return b.position();
        }
    }
}
