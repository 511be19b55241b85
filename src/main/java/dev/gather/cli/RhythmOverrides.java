package dev.gather.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringOptions;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The start-time overrides of a rhythm, the same for {@code gather start} and {@code gather rehearse}. */
final class RhythmOverrides {
    @Option(names = "--question")
    String question;

    @Option(names = "--beats")
    Integer beats;

    @Option(names = "--beat-seconds")
    Integer beatSeconds;

    @Option(names = "--grace")
    Integer grace;

    /** The overrides as a start_gathering request carries them. */
    void into(ObjectNode request) {
        if (question != null) {
            request.put("question", question);
        }
        if (beats != null) {
            request.put("beats_per_turn", beats);
        }
        if (beatSeconds != null) {
            request.put("beat_interval_seconds", beatSeconds);
        }
        if (grace != null) {
            request.put("grace_seconds", grace);
        }
    }

    /** The overrides as the gathering machine takes them. */
    GatheringOptions options() {
        return new GatheringOptions(
                Optional.ofNullable(beats),
                Optional.ofNullable(beatSeconds).map(Duration::ofSeconds),
                Optional.ofNullable(grace).map(Duration::ofSeconds),
                Optional.ofNullable(question));
    }
}
