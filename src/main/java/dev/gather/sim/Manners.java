package dev.gather.sim;

import java.util.regex.Pattern;

/**
 * How a polite simulated member reads a gathering: it speaks when it has the floor (the piece
 * announced to it, its beat, its final beat, the request for the harvest, in the words of the
 * shipped rhythms' prompts) and listens otherwise. A rhythm with other words gives its sims
 * {@code --reply-when} instead.
 */
public final class Manners {
    private static final Pattern HARVEST = Pattern.compile("you are the harvester");

    private Manners() {}

    /** The inputs that give {@code name} the floor. */
    public static Pattern floor(String name) {
        return Pattern.compile(
                "now with " + Pattern.quote(name) + " \\(|\\[Beat \\d|Your turn is up|" + HARVEST.pattern());
    }

    /** Whether {@code input} asks for the harvest, which is answered without a pass: the harvester holds no piece. */
    public static boolean asksHarvest(String input) {
        return HARVEST.matcher(input).find();
    }
}
