package dev.gather.rhythm;

import java.nio.file.Path;
import java.util.List;

/** One rhythm file checked as {@code gather lint} checks it: every error, none for a valid file. */
public final class RhythmLint {
    private RhythmLint() {}

    public static List<RhythmError> check(Path file) {
        try {
            RhythmLoader.load(file);
            return List.of();
        } catch (RhythmException e) {
            return e.errors();
        } catch (RuntimeException | StackOverflowError e) {
            // a file the stages did not foresee is still one line of lint, never a stack trace
            return List.of(new RhythmError(file.toString(), 1, 1, "lint.unreadable", String.valueOf(e.getMessage())));
        }
    }
}
