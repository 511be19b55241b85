package dev.gather.rhythm;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/** One rhythm file checked as {@code gather lint} checks it: every error, none for a valid file. */
public final class RhythmLint {
    private RhythmLint() {}

    /** The errors of the rhythm at {@code file}. */
    public static List<RhythmError> check(Path file) {
        return errors(file.toString(), () -> RhythmLoader.load(file));
    }

    /** The errors of the shipped rhythm {@code name}, read from inside gather as it is run. */
    public static List<RhythmError> checkShipped(String name) {
        String shownAs = RhythmLibrary.shippedName(name);
        return errors(shownAs, () -> RhythmLoader.parse(shownAs, RhythmLibrary.shipped(name)));
    }

    /** The errors of unsaved rhythm {@code text}, named in them as {@code shownAs}: the web editor's check. */
    public static List<RhythmError> checkText(String shownAs, String text) {
        return errors(shownAs, () -> RhythmLoader.parse(shownAs, text));
    }

    private static List<RhythmError> errors(String file, Supplier<Rhythm> load) {
        try {
            load.get();
            return List.of();
        } catch (RhythmException e) {
            return e.errors();
        } catch (RuntimeException | StackOverflowError e) {
            // a file the stages did not foresee is still one line of lint, never a stack trace
            return List.of(new RhythmError(file, 1, 1, "lint.unreadable", String.valueOf(e.getMessage())));
        }
    }
}
