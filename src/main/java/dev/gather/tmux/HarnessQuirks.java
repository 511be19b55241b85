package dev.gather.tmux;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How one kind of program wants text typed into it: the part of a harness profile the deliverer
 * needs. How long its screen must stay quiet after a paste before Enter (TUIs that process a paste
 * asynchronously read an Enter that comes too soon as a newline), which leading characters would
 * turn text into a command, and where its input box is (to confirm a submit took).
 *
 * <p>Neutralizing prefixes the text with a single space: every listed harness treats {@code /}
 * and {@code !} as commands only in the first column, a space is visible in the transcript, and
 * unlike a zero-width character it cannot be mistaken for part of a word or confuse a tokenizer.
 *
 * @param commandLeaders characters that make a message a command when they come first
 * @param input the harness's input box; empty when its screen has none to read (a shell, cat)
 * @param settle how long the screen must be quiet after Enter before the box is judged: the first
 *     bytes after Enter are not the reaction (Claude retitles its window first, redraws later)
 */
public record HarnessQuirks(
        String kind,
        Duration enterGap,
        String commandLeaders,
        String neutralizer,
        Optional<InputBox> input,
        Duration settle) {
    /** The settle of a profile that does not name one. */
    public static final Duration DEFAULT_SETTLE = Duration.ofMillis(150);

    /** The command leaders of a program that runs every line it is given (a shell). */
    public static final String EVERY_LINE = "*";

    public static final HarnessQuirks GENERIC = new HarnessQuirks("generic", Duration.ZERO, "", "");

    public HarnessQuirks {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(settle, "settle");
        if (enterGap.isNegative() || settle.isNegative()) {
            throw new IllegalArgumentException(
                    "enterGap and settle must not be negative (were " + enterGap + ", " + settle + ")");
        }
        if (!commandLeaders.isEmpty() && neutralizer.isEmpty()) {
            throw new IllegalArgumentException(kind + ": command leaders need a neutralizer");
        }
    }

    /** Quirks without an input box. */
    public HarnessQuirks(String kind, Duration enterGap, String commandLeaders, String neutralizer) {
        this(kind, enterGap, commandLeaders, neutralizer, Optional.empty(), DEFAULT_SETTLE);
    }

    /**
     * {@code text} made safe to submit as a message: a leading command character is defused. Leaders
     * {@code *} mean every line is a command (a shell): every line gets the neutralizer.
     */
    public String neutralize(String text) {
        if (commandLeaders.equals(EVERY_LINE)) {
            return neutralizer + text.replace("\n", "\n" + neutralizer);
        }
        if (!text.isEmpty() && commandLeaders.indexOf(text.charAt(0)) >= 0) {
            return neutralizer + text;
        }
        return text;
    }
}
