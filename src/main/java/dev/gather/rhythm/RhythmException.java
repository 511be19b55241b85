package dev.gather.rhythm;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A rhythm that cannot be loaded, with every error found in it. An argument the user gave (a rhythm's
 * name, a file) that is wrong, so every caller that answers a bad argument with its message shows
 * these errors to the user as they are, never as an internal error.
 */
public final class RhythmException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient List<RhythmError> errors;

    public RhythmException(List<RhythmError> errors) {
        super(lines(errors));
        this.errors = List.copyOf(errors);
    }

    /** The errors under a first line that says which rhythm and what to do. */
    public RhythmException(String headline, List<RhythmError> errors) {
        super(headline + "\n" + lines(errors));
        this.errors = List.copyOf(errors);
    }

    private static String lines(List<RhythmError> errors) {
        return errors.stream().map(RhythmError::toString).collect(Collectors.joining("\n"));
    }

    public List<RhythmError> errors() {
        return errors;
    }
}
