package dev.gather.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gather.gathering.GatheringOptions;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The start-time overrides of a rhythm, the same for {@code gather start} and {@code gather rehearse}. */
final class RhythmOverrides {
    @Option(names = "--question")
    String question;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    Integer beats;
    Integer beatSeconds;
    Integer grace;

    @Option(names = "--beats")
    void beats(int n) {
        beats = within(n, 1, GatheringOptions.MAX_BEATS_PER_TURN, "--beats");
    }

    @Option(names = "--beat-seconds")
    void beatSeconds(int n) {
        beatSeconds = within(n, 1, GatheringOptions.MAX_SECONDS, "--beat-seconds");
    }

    @Option(names = "--grace")
    void grace(int n) {
        grace = within(n, 0, GatheringOptions.MAX_SECONDS, "--grace");
    }

    /**
     * {@code n}, refused as it is parsed (usage, exit 2) outside {@code min..max}, in the option's own words;
     * the bounds are start_gathering's own.
     */
    private int within(int n, int min, int max, String option) {
        if (n < min || n > max) {
            throw new ParameterException(
                    command.commandLine(), option + " must be from " + min + " to " + max + " (found " + n + ")");
        }
        return n;
    }

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
