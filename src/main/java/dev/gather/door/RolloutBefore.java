package dev.gather.door;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a Codex transcript showed when a message was handed, read in the tail before that point: whether
 * a turn ran then (its last turn start or end is a start), and the ids of the turns that had ended.
 */
record RolloutBefore(boolean running, Set<String> ended) {
    /** How far back from a hand the transcript is read for the turns running and ended by then. */
    private static final int TAIL = 256 << 10;

    RolloutBefore {
        ended = Set.copyOf(ended);
    }

    /** What {@code file} showed by {@code offset}; nothing when it cannot be read. */
    static RolloutBefore read(Path file, long offset) {
        long start = Math.max(0, offset - TAIL);
        boolean running = false;
        Set<String> ended = new HashSet<>();
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            byte[] bytes = new byte[(int) (offset - start)];
            in.seek(start);
            in.readFully(bytes);
            List<String> lines =
                    new String(bytes, StandardCharsets.UTF_8).lines().toList();
            // the first line of a tail that does not start the file is cut: not read
            for (String line : start == 0 ? lines : lines.subList(Math.min(1, lines.size()), lines.size())) {
                if (!line.contains("task_") && !line.contains("turn_aborted")) {
                    continue; // most lines are neither a turn's start nor its end: not parsed
                }
                Optional<RolloutLine> e = RolloutLine.parse(line);
                boolean end = e.map(RolloutLine::turnEnd).orElse(false);
                running = e.map(RolloutLine::turnStart).orElse(false) || (running && !end);
                e.filter(x -> end).flatMap(RolloutLine::turnId).ifPresent(ended::add);
            }
        } catch (IOException e) {
            return new RolloutBefore(false, Set.of()); // judged on what comes after, and on the member's own state
        }
        return new RolloutBefore(running, ended);
    }
}
