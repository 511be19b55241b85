package dev.gather.link;

import dev.gather.tmux.Sanitizer;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds words that would read as gather's header {@code [Name] (n):}, judged on what a reader (a
 * person, or a model reading the screen) sees rather than on the code points: each character is
 * NFKC-normalised (full-width brackets, colons and digits, {@code ⑵}, ideographic and other wide
 * spaces become their plain forms), every kind of space counts as a space, and characters drawn
 * as nothing count as nothing. A mimic at the start of a line has that line quoted; one inside a
 * line starts a quoted line of its own, since a long line wraps and a screen row may begin with it.
 */
final class HeaderMimic {
    private static final Pattern SEEN = Pattern.compile("\\[[^\\]]{0,80}\\] *\\( *\\p{Nd}+ *\\) *:");

    private HeaderMimic() {}

    /** {@code sanitized} with every header mimic quoted with {@code quote}. */
    static String defuse(String sanitized, String quote) {
        StringBuilder out = new StringBuilder(sanitized.length());
        String[] lines = sanitized.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                out.append('\n');
            }
            out.append(defuseLine(lines[i], quote));
        }
        return out.toString();
    }

    private static String defuseLine(String line, String quote) {
        List<Integer> origin = new ArrayList<>();
        String seen = seen(line, origin);
        Matcher m = SEEN.matcher(seen);
        List<Integer> cuts = new ArrayList<>();
        boolean quoted = false;
        while (m.find()) {
            if (seen.substring(0, m.start()).isBlank()) {
                quoted = true;
            } else {
                cuts.add(origin.get(m.start()));
            }
        }
        if (!quoted && cuts.isEmpty()) {
            return line;
        }
        StringBuilder out = new StringBuilder(line);
        for (int i = cuts.size() - 1; i >= 0; i--) {
            out.insert(cuts.get(i), "\n" + quote);
        }
        return quoted ? quote + out : out.toString();
    }

    /** The line as it reads, with {@code origin} holding each of its chars' index in {@code line}. */
    private static String seen(String line, List<Integer> origin) {
        StringBuilder seen = new StringBuilder(line.length());
        int i = 0;
        while (i < line.length()) {
            int c = line.codePointAt(i);
            String shown;
            if (Sanitizer.invisible(c) || Character.getType(c) == Character.FORMAT) {
                shown = "";
            } else if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                shown = " ";
            } else {
                shown = lookAlike(Normalizer.normalize(new String(Character.toChars(c)), Normalizer.Form.NFKC));
            }
            for (int k = 0; k < shown.length(); k++) {
                seen.append(shown.charAt(k));
                origin.add(i);
            }
            i += Character.charCount(c);
        }
        return seen.toString();
    }

    /** Brackets and colons that NFKC leaves alone but a reader takes for {@code [ ] :}. */
    private static String lookAlike(String s) {
        return switch (s) {
            case "【", "〔", "〖", "〘", "⟦", "❲", "⦋" -> "[";
            case "】", "〕", "〗", "〙", "⟧", "❳", "⦌" -> "]";
            case "∶", "꞉", "˸", "︓", "ː" -> ":";
            case "❨", "⸨" -> "(";
            case "❩", "⸩" -> ")";
            default -> s;
        };
    }
}
