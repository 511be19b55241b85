package dev.gather.rhythm;

import java.util.List;
import java.util.stream.Collectors;

/** A rhythm that cannot be loaded, with every error found in it. */
public final class RhythmException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient List<RhythmError> errors;

    public RhythmException(List<RhythmError> errors) {
        super(errors.stream().map(RhythmError::toString).collect(Collectors.joining("\n")));
        this.errors = List.copyOf(errors);
    }

    public List<RhythmError> errors() {
        return errors;
    }
}
