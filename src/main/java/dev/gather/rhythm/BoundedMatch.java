package dev.gather.rhythm;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's regular expression run with a time bound: Java's engine backtracks, and a pattern such as
 * {@code ^(.*a){12}$} takes minutes on a short line. The text is read through a {@link CharSequence}
 * that looks at the clock as the engine reads it and ends the match when the bound is past.
 */
public final class BoundedMatch {
    private BoundedMatch() {}

    /** The match ran past its bound: the pattern backtracks too much on this text. */
    public static final class TooSlow extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooSlow(Pattern pattern, Duration bound) {
            super("the pattern '" + pattern.pattern() + "' took longer than " + bound.toMillis()
                    + " ms to match (it backtracks too much; make it simpler)");
        }
    }

    /** A matcher of {@code pattern} over {@code text} whose every search throws {@link TooSlow} once {@code bound} (from now) is past. */
    public static Matcher matcher(Pattern pattern, String text, Duration bound) {
        return pattern.matcher(new Deadline(text, System.nanoTime() + bound.toNanos(), pattern, bound));
    }

    /** The first match of {@code pattern} in {@code text}, found within {@code bound}, or none; {@link TooSlow} past it. */
    public static Optional<Matcher> find(Pattern pattern, String text, Duration bound) {
        Matcher m = pattern.matcher(new Deadline(text, System.nanoTime() + bound.toNanos(), pattern, bound));
        return m.find() ? Optional.of(m) : Optional.empty();
    }

    /** Text that checks the deadline every few hundred reads (a read is a few nanoseconds; the clock is not). */
    private static final class Deadline implements CharSequence {
        private final String text;
        private final long deadline;
        private final Pattern pattern;
        private final Duration bound;
        private int reads;

        Deadline(String text, long deadline, Pattern pattern, Duration bound) {
            this.text = text;
            this.deadline = deadline;
            this.pattern = pattern;
            this.bound = bound;
        }

        @Override
        public char charAt(int index) {
            if ((++reads & 0x3ff) == 0 && System.nanoTime() > deadline) {
                throw new TooSlow(pattern, bound);
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
