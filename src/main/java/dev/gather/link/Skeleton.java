package dev.gather.link;

import dev.gather.tmux.Sanitizer;
import java.text.Normalizer;
import java.util.HashMap;
import java.util.Map;

/**
 * A name as a reader's eye takes it, after Unicode TR #39's idea of a skeleton: letters of Cyrillic,
 * Greek and Armenian drawn like Latin ones, digits drawn like letters, and {@code I}/{@code l}/{@code
 * 1} become one letter, so two names that look alike in a pane have one skeleton.
 *
 * <p>Not ICU4J's full confusables table (a 14 MB library for one comparison): member names are
 * letters, digits, spaces and {@code % . _ ' -} ({@link Names}), so only letters that pass for Latin
 * letters matter, and those are the lowercase forms of the scripts below, after NFKC (full-width and
 * other compatibility forms), case folding and the removal of marks (an {@code ё} is an {@code е},
 * which is an {@code e}). A skeleton may join names a reader tells apart; it is used only to refuse.
 */
final class Skeleton {
    /** Lowercase letters and digits, each with the Latin letter it passes for. */
    private static final Map<Integer, Character> LOOKS_LATIN = table(
            // Cyrillic
            "аa бb вb гr дd еe зz иu кk лn мm нh оo пn рp сc тt уy хx ьb ѕs іi їi јj ԁd һh ԛq ԝw ӏl ɡg"
                    // Greek
                    + " αa βb γy εe ηn ιi κk νv οo ρp τt υu χx ωw ϲc ϳj"
                    // Armenian
                    + " օo սu ոn հh ցg"
                    // Latin letters and digits drawn alike
                    + " ıi ℓl 0o 1l 5s 8b");

    private Skeleton() {}

    /** The skeleton of {@code name}: what two names that look the same share. */
    static String of(String name) {
        String bare = Normalizer.normalize(Normalizer.normalize(name, Normalizer.Form.NFKC), Normalizer.Form.NFD)
                .replaceAll("\\p{Mn}", "");
        StringBuilder out = new StringBuilder(bare.length());
        bare.codePoints().forEach(c -> {
            if (Sanitizer.invisible(c) || Character.getType(c) == Character.FORMAT) {
                return;
            }
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                out.append(' ');
                return;
            }
            Character latin = LOOKS_LATIN.get(Character.toLowerCase(c));
            int letter = latin != null ? latin : Character.toLowerCase(c);
            // I, l and 1 are one stroke: after case folding, i and l are one letter too
            out.appendCodePoint(letter == 'i' ? 'l' : letter);
        });
        return out.toString().replaceAll(" +", " ").strip();
    }

    private static Map<Integer, Character> table(String pairs) {
        Map<Integer, Character> map = new HashMap<>();
        for (String pair : pairs.split(" ")) {
            map.put(pair.codePointAt(0), pair.charAt(pair.length() - 1));
        }
        return Map.copyOf(map);
    }
}
