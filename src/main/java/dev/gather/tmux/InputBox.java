package dev.gather.tmux;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a harness draws its input box, as data from its profile: the line that holds the typed text
 * (a pattern with a group named {@code text}), how far up from the bottom of the screen to look, the
 * placeholders (patterns matching the whole text) that mean "empty", the menu lines that mean a
 * dialog is open instead (a permission or trust prompt: never typed into), and how the box shows a
 * long paste. Reads a captured screen after Unicode spaces are made plain; no banner strings.
 */
public record InputBox(
        Pattern line, int searchLines, List<Pattern> placeholders, List<Pattern> menus, List<Pattern> pasted) {
    /** What the screen says about the input box. */
    public enum State {
        /** The box is drawn and holds nothing (or only a placeholder). */
        EMPTY,
        /** The box holds text that has not been submitted. */
        HOLDS,
        /** No box in sight: the harness is drawing something else (busy, starting). */
        ABSENT,
        /** A dialog or selection list is open (permission, trust): no key may go in. */
        DIALOG
    }

    // no-break and other Unicode spaces draw as blanks (Claude's empty prompt is "❯" + U+00A0);
    // zero-width characters draw as nothing
    private static final Pattern UNICODE_SPACE = Pattern.compile("[\\p{Zs}\\u00A0\\u2007\\u202F\\t]");
    private static final Pattern ZERO_WIDTH = Pattern.compile("[\\u200B-\\u200D\\u2060\\uFEFF]");
    /** How many leading characters of the typed text must match what the box shows. */
    private static final int COMPARED = 40;

    public InputBox {
        Objects.requireNonNull(line, "line");
        if (!line.pattern().contains("(?<text>")) {
            throw new IllegalArgumentException("the input line pattern needs a group named text");
        }
        if (searchLines < 1) {
            throw new IllegalArgumentException("searchLines must be ≥ 1 (was " + searchLines + ")");
        }
        placeholders = List.copyOf(placeholders);
        menus = List.copyOf(menus);
        pasted = List.copyOf(pasted);
    }

    /** A box with no menus and no paste placeholders. */
    public InputBox(Pattern line, int searchLines, List<Pattern> placeholders) {
        this(line, searchLines, placeholders, List.of(), List.of());
    }

    /** Reads {@code screen} (a pane capture): a menu among the last non-blank lines, else the lowest box line. */
    public State read(String screen) {
        return state(scan(screen));
    }

    private State state(Seen seen) {
        if (seen.dialog()) {
            return State.DIALOG;
        }
        return seen.box()
                .map(text -> text.isEmpty()
                                || placeholders.stream()
                                        .anyMatch(p -> p.matcher(text).matches())
                        ? State.EMPTY
                        : State.HOLDS)
                .orElse(State.ABSENT);
    }

    /**
     * Whether the box on {@code screen} shows the text gather typed: its first line's start, or one of
     * the profile's paste placeholders. The one condition under which Enter may be pressed.
     */
    public boolean shows(String screen, String typed) {
        return shows(scan(screen), typed);
    }

    /** What {@link #read} and {@link #shows} say of one screen, from one look at its lines. */
    public record Sight(State state, boolean shows) {}

    /** {@link #read} and {@link #shows} of {@code screen} at once (the delivery path asks both). */
    public Sight see(String screen, String typed) {
        Seen seen = scan(screen);
        return new Sight(state(seen), shows(seen, typed));
    }

    private boolean shows(Seen seen, String typed) {
        if (seen.dialog() || seen.box().isEmpty() || seen.box().get().isEmpty()) {
            return false;
        }
        String box = seen.box().get();
        if (pasted.stream().anyMatch(p -> p.matcher(box).find())) {
            return true;
        }
        String first = plain(typed.strip().lines().findFirst().orElse(""));
        int n = Math.min(COMPARED, Math.min(box.length(), first.length()));
        return n > 0 && box.regionMatches(0, first, 0, n);
    }

    /**
     * What the last {@code searchLines} non-blank lines of a screen hold: whether any is a menu line
     * (a dialog), and the box's text (plain spaces, stripped) on the lowest box line among them.
     */
    private record Seen(boolean dialog, Optional<String> box) {}

    /**
     * One pass over the screen's last non-blank lines, from the bottom up; then, when no box line was
     * among them, on up through the box's own lines ({@link #above}).
     */
    private Seen scan(String screen) {
        String[] lines = screen.split("\n", -1);
        Optional<String> box = Optional.empty();
        int seen = 0;
        int i = lines.length - 1;
        for (; i >= 0 && seen < searchLines; i--) {
            String l = plain(lines[i]);
            if (l.isBlank()) {
                continue;
            }
            seen++;
            for (Pattern p : menus) {
                if (p.matcher(l).find()) {
                    return new Seen(true, box); // a dialog wins over any box: nothing more to read
                }
            }
            if (box.isEmpty()) {
                box = boxText(l);
            }
        }
        return new Seen(false, box.isPresent() ? box : above(lines, i));
    }

    /**
     * The box line a long text pushed above the searched lines: a multi-line paste draws its lines
     * under the box line, indented, so the prompt sign climbs as far as the text is long (Codex's
     * "›" sat 12 lines up under a 9-line message). Walks up from {@code from} over blank lines and
     * indented ones (the text's own) to a box line indented less than they are: a line of the text that
     * looks like a box line ("> a quote") is indented as the text is, and is passed over. Stops at the
     * first line that is neither (the transcript above the box): no box in sight.
     */
    private Optional<String> above(String[] lines, int from) {
        int textIndent = Integer.MAX_VALUE;
        for (int i = from; i >= 0; i--) {
            String l = plain(lines[i]);
            if (l.isBlank()) {
                continue;
            }
            int indent = indent(l);
            Optional<String> box = indent < textIndent ? boxText(l) : Optional.empty();
            if (box.isPresent()) {
                return box;
            }
            if (indent == 0) {
                return Optional.empty();
            }
            textIndent = Math.min(textIndent, indent);
        }
        return Optional.empty();
    }

    private Optional<String> boxText(String l) {
        Matcher m = line.matcher(l);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(m.group("text") == null ? "" : m.group("text").strip());
    }

    private static int indent(String l) {
        int n = 0;
        while (n < l.length() && l.charAt(n) == ' ') {
            n++;
        }
        return n;
    }

    /** {@code s} with Unicode spaces as plain spaces, zero-width characters gone and trailing blanks cut. */
    static String plain(String s) {
        return UNICODE_SPACE
                .matcher(ZERO_WIDTH.matcher(s).replaceAll(""))
                .replaceAll(" ")
                .stripTrailing();
    }
}
