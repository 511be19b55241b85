package dev.gather.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gather.harness.FakeModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * When Claude Code queued each message its door was handed, from the sessions' transcripts (a {@code
 * queue-operation} line {@code enqueue} carrying the message): from there to the model's request is
 * Claude's own part, which no door of gather's shortens.
 */
final class ClaudeQueueTimes {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Enqueued> enqueued;

    private record Enqueued(Instant at, String content) {}

    private ClaudeQueueTimes(List<Enqueued> enqueued) {
        this.enqueued = enqueued;
    }

    /** Every enqueue in the transcripts under {@code claudeHome} ({@code ~/.claude}). */
    static ClaudeQueueTimes read(Path claudeHome) throws IOException {
        List<Enqueued> all = new ArrayList<>();
        Path projects = claudeHome.resolve("projects");
        if (!Files.isDirectory(projects)) {
            return new ClaudeQueueTimes(all);
        }
        try (Stream<Path> files = Files.walk(projects, 3)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
                Files.readAllLines(f).stream()
                        .filter(l -> l.contains("\"enqueue\""))
                        .flatMap(l -> parse(l).stream())
                        .forEach(all::add);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return new ClaudeQueueTimes(all);
    }

    private static Optional<Enqueued> parse(String line) {
        try {
            JsonNode e = JSON.readTree(line);
            if (!"queue-operation".equals(e.path("type").asText())
                    || !"enqueue".equals(e.path("operation").asText())) {
                return Optional.empty();
            }
            return Optional.of(new Enqueued(
                    Instant.parse(e.path("timestamp").asText()),
                    e.path("content").asText()));
        } catch (IOException | DateTimeParseException torn) {
            return Optional.empty(); // a line being written, or one without a time
        }
    }

    /**
     * For each of {@code samples} Claude queued, from its queueing to the first of the model's
     * requests ({@code turns}) carrying its words; samples never queued (typed instead) are left out.
     */
    double[] queuedToModel(List<HarnessRelay.Sample> samples, List<FakeModel.Call> turns) {
        List<Double> ms = new ArrayList<>();
        for (HarnessRelay.Sample s : samples) {
            Optional<Instant> queued = enqueued.stream()
                    .filter(q -> q.content().contains(s.text()))
                    .map(Enqueued::at)
                    .findFirst();
            Optional<Instant> asked = turns.stream()
                    .filter(c -> c.lastUserText().contains(s.text()))
                    .map(FakeModel.Call::at)
                    .findFirst();
            if (queued.isPresent() && asked.isPresent()) {
                ms.add((double) (asked.get().toEpochMilli() - queued.get().toEpochMilli()));
            }
        }
        return ms.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
