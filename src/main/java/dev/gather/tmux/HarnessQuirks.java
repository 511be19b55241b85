package dev.gather.tmux;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How one kind of program wants text typed into it, as data: how long its screen must stay quiet
 * after a paste before Enter (TUIs that process a paste asynchronously drop an Enter that comes
 * too soon), and which leading characters would turn text into a command.
 *
 * <p>Neutralizing prefixes the text with a single space: every listed harness treats {@code /}
 * and {@code !} as commands only in the first column, a space is visible in the transcript, and
 * unlike a zero-width character it cannot be mistaken for part of a word or confuse a tokenizer.
 *
 * @param commandLeaders characters that make a message a command when they come first
 */
public record HarnessQuirks(String kind, Duration enterGap, String commandLeaders, String neutralizer) {
    /** A program with no command syntax (cat, a line reader, a human's editor). */
    public static final HarnessQuirks GENERIC = new HarnessQuirks("generic", Duration.ZERO, "", "");

    /** The known harnesses; {@link #forKind} looks up by {@code kind}. */
    public static final List<HarnessQuirks> TABLE = List.of(
            GENERIC,
            new HarnessQuirks("claude", Duration.ofMillis(150), "/!#", " "),
            new HarnessQuirks("codex", Duration.ofMillis(150), "/!", " "),
            new HarnessQuirks("gemini", Duration.ofMillis(150), "/!", " "));

    public HarnessQuirks {
        Objects.requireNonNull(kind, "kind");
        if (enterGap.isNegative()) {
            throw new IllegalArgumentException("enterGap must not be negative (was " + enterGap + ")");
        }
        if (!commandLeaders.isEmpty() && neutralizer.isEmpty()) {
            throw new IllegalArgumentException(kind + ": command leaders need a neutralizer");
        }
    }

    /** The quirks of {@code kind} (case-insensitive); unknown kinds get {@link #GENERIC}. */
    public static HarnessQuirks forKind(String kind) {
        String k = kind == null ? "" : kind.toLowerCase(Locale.ROOT);
        return TABLE.stream().filter(q -> q.kind.equals(k)).findFirst().orElse(GENERIC);
    }

    /** {@code text} made safe to submit as a message: a leading command character is defused. */
    public String neutralize(String text) {
        if (!text.isEmpty() && commandLeaders.indexOf(text.charAt(0)) >= 0) {
            return neutralizer + text;
        }
        return text;
    }
}
