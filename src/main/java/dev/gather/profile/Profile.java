package dev.gather.profile;

import dev.gather.tmux.HarnessQuirks;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One kind of harness as data (profiles/*.yaml): how to recognise it in a pane, how to type into
 * it ({@link HarnessQuirks}), when it is ready after starting, and how its turns end.
 *
 * @param commands tmux {@code pane_current_command} values that mean this harness
 * @param argv patterns one of which a command line in the pane's process tree matches when this
 *     harness runs there (npm-installed harnesses show {@code node} as their command)
 * @param transcripts where the harness keeps its transcripts, if it has any
 */
public record Profile(
        String name,
        String description,
        List<String> commands,
        List<Pattern> argv,
        HarnessQuirks quirks,
        Ready ready,
        Turns turns,
        Optional<String> transcripts) {

    /** A started harness is ready once its input box is empty and its screen was quiet {@code quiet}. */
    public record Ready(Duration quiet, Duration timeout) {}

    /** How a turn's end is seen; {@code quiet} and {@code grace} serve the screen fallback. */
    public record Turns(TurnSignal signal, Duration quiet, Duration grace) {}

    /** What ends a busy spell. */
    public enum TurnSignal {
        /** A turn-end hook event (Stop, notify, AfterAgent, the sim's spool event). */
        HOOK,
        /** The screen going quiet. */
        SCREEN,
        /** The program has no turns: it is never busy. */
        NONE
    }

    public Profile {
        Objects.requireNonNull(name, "name");
        commands = List.copyOf(commands);
        argv = List.copyOf(argv);
        Objects.requireNonNull(quirks, "quirks");
        Objects.requireNonNull(ready, "ready");
        Objects.requireNonNull(turns, "turns");
        Objects.requireNonNull(transcripts, "transcripts");
    }
}
