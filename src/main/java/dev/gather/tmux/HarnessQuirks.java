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
 * @param settle how long the screen must be quiet after an output before the box is read after Enter:
 *     one redraw's writes, so a half-drawn screen is not judged. The box is read at each redraw until
 *     it no longer shows our text (the first bytes after Enter are not always the reaction: Claude
 *     retitles its window first). Only a program with an input box waits it; without a box the first
 *     reaction is all there is to see
 * @param showOnly the words are written to the pane's screen (its terminal's output side), never typed:
 *     for a program that runs what it reads (a shell), whatever characters the words hold
 */
public record HarnessQuirks(
        String kind,
        Duration enterGap,
        String commandLeaders,
        String neutralizer,
        Optional<InputBox> input,
        Duration settle,
        boolean showOnly) {
    /**
     * The settle of a profile with an input box that does not name one: a program nobody measured, so
     * long enough for a TUI that redraws in several frames.
     */
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

    /** Quirks of a program that is typed into. */
    public HarnessQuirks(
            String kind,
            Duration enterGap,
            String commandLeaders,
            String neutralizer,
            Optional<InputBox> input,
            Duration settle) {
        this(kind, enterGap, commandLeaders, neutralizer, input, settle, false);
    }

    /** Quirks without an input box, so without a settle. */
    public HarnessQuirks(String kind, Duration enterGap, String commandLeaders, String neutralizer) {
        this(kind, enterGap, commandLeaders, neutralizer, Optional.empty(), Duration.ZERO);
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
