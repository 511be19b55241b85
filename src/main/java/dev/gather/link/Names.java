package dev.gather.link;

import java.text.Normalizer;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a member's name may be: it is printed in every attribution ({@code [Name] (n):}), so one
 * line of letters, digits, spaces and {@code % . _ ' -}, at most {@link #MAX} characters. No
 * brackets, parentheses, colons, controls or invisible characters: nothing that could close the
 * header early or draw a second one.
 */
public final class Names {
    public static final int MAX = 40;

    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}%][\\p{L}\\p{N} %._'-]{0,39}");

    private Names() {}

    /** {@code name} when it is a valid name; otherwise an IllegalArgumentException naming {@code what}. */
    public static String check(String name, String what) {
        if (name.length() > MAX) {
            throw new IllegalArgumentException(
                    what + " must be at most " + MAX + " characters (was " + name.length() + ")");
        }
        if (!valid(name)) {
            throw new IllegalArgumentException(what + " must be one line of letters, digits, spaces and % . _ ' -,"
                    + " starting with a letter or digit (was '" + shown(name) + "')");
        }
        return name;
    }

    /** {@code name} when valid, else empty: for names gather finds rather than is told (a tmux session). */
    public static Optional<String> ifValid(String name) {
        return valid(name) ? Optional.of(name) : Optional.empty();
    }

    private static boolean valid(String name) {
        return name.length() <= MAX
                && name.equals(name.strip())
                && NAME.matcher(name).matches();
    }

    /**
     * {@code name} as a reader tells names apart ({@link Skeleton}): compatibility forms folded
     * (NFKC), case and marks ignored, invisible characters dropped, and letters of other scripts that
     * are drawn like Latin ones (Cyrillic {@code Ада}, Greek {@code Ο}) taken for those. Two names with
     * one fold are one name: a name whose fold another holds is refused. Never a proof of who someone
     * is: for that, see {@link #same}.
     */
    public static String fold(String name) {
        return Skeleton.of(name);
    }

    /**
     * Whether {@code a} and {@code b} are the same name, letter for letter but for case (after NFC): what
     * a name must be to act as the member who holds it. {@code Аda} with a Cyrillic {@code А} folds
     * like {@code Ada} (so it is refused as taken) and is still not {@code Ada}.
     */
    public static boolean same(String a, String b) {
        return Normalizer.normalize(a.strip(), Normalizer.Form.NFC)
                .equalsIgnoreCase(Normalizer.normalize(b.strip(), Normalizer.Form.NFC));
    }

    /** The refused name, printable and short enough for one error line. */
    private static String shown(String name) {
        StringBuilder out = new StringBuilder();
        name.codePoints().limit(MAX).forEach(c -> {
            if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                out.append(String.format("\\u%04X", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return name.codePointCount(0, name.length()) > MAX ? out + "…" : out.toString();
    }
}
