package dev.gather.tmux;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a harness draws its input box, as data from its profile: the line that holds the typed text
 * (a pattern with a group named {@code text}), how far up from the bottom of the screen to look,
 * and the placeholders (patterns matching the whole text) that mean "empty". Reads a captured screen; no banner strings.
 */
public record InputBox(Pattern line, int searchLines, List<Pattern> placeholders) {
    /** What the screen says about the input box. */
    public enum State {
        /** The box is drawn and holds nothing (or only a placeholder). */
        EMPTY,
        /** The box holds text that has not been submitted. */
        HOLDS,
        /** No box in sight: the harness is drawing something else (busy, starting). */
        ABSENT
    }

    public InputBox {
        Objects.requireNonNull(line, "line");
        if (!line.pattern().contains("(?<text>")) {
            throw new IllegalArgumentException("the input line pattern needs a group named text");
        }
        if (searchLines < 1) {
            throw new IllegalArgumentException("searchLines must be ≥ 1 (was " + searchLines + ")");
        }
        placeholders = List.copyOf(placeholders);
    }

    /** Reads {@code screen} (a pane capture): the lowest matching line among the last non-blank ones. */
    public State read(String screen) {
        String[] lines = screen.split("\n", -1);
        int seen = 0;
        for (int i = lines.length - 1; i >= 0 && seen < searchLines; i--) {
            String l = lines[i].stripTrailing();
            if (l.isBlank()) {
                continue;
            }
            seen++;
            Matcher m = line.matcher(l);
            if (m.matches()) {
                String text = m.group("text") == null ? "" : m.group("text").strip();
                return text.isEmpty()
                                || placeholders.stream()
                                        .anyMatch(p -> p.matcher(text).matches())
                        ? State.EMPTY
                        : State.HOLDS;
            }
        }
        return State.ABSENT;
    }
}
