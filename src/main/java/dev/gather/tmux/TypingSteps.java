package dev.gather.tmux;

import java.util.Objects;

/**
 * What a delivery tells its caller as it types into one pane.
 *
 * @param pasted the text is in the pane, Enter not yet pressed (a restarted daemon reads this step to
 *     know whether it may type the text again)
 * @param entering Enter is about to be pressed for the first time: no turn can have taken the text
 *     before this, so a turn that ended earlier was on earlier words
 */
public record TypingSteps(Runnable pasted, Runnable entering) {
    /** Nothing to tell. */
    public static final TypingSteps NONE = new TypingSteps(() -> {}, () -> {});

    public TypingSteps {
        Objects.requireNonNull(pasted, "pasted");
        Objects.requireNonNull(entering, "entering");
    }
}
