package dev.gather.rhythm;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One loaded, verified rhythm: the whole structure of a conversation, with nothing about a particular
 * rhythm in code.
 *
 * @param turnBudget for links without a talking piece: how many relayed turns before the link closes
 * @param listening how its agents hear what is said (live, or a digest with their own turns)
 */
public record Rhythm(
        String name,
        String description,
        String openingQuestion,
        boolean talkingPiece,
        List<Phase> breath,
        Beats beats,
        List<PassPattern> passPatterns,
        Roles roles,
        Prompts prompts,
        OptionalInt turnBudget,
        Listening listening) {

    public Rhythm {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        openingQuestion = openingQuestion == null ? "" : openingQuestion;
        breath = List.copyOf(breath);
        passPatterns = List.copyOf(passPatterns);
        Objects.requireNonNull(roles, "roles");
        Objects.requireNonNull(prompts, "prompts");
        Objects.requireNonNull(turnBudget, "turnBudget");
        Objects.requireNonNull(listening, "listening");
        if (talkingPiece && beats == null) {
            throw new IllegalArgumentException("a talking-piece rhythm needs beats");
        }
    }

    /** This rhythm with its agents hearing as {@code how} says (a test, a bench row comparing both). */
    public Rhythm withListening(Listening how) {
        return new Rhythm(
                name,
                description,
                openingQuestion,
                talkingPiece,
                breath,
                beats,
                passPatterns,
                roles,
                prompts,
                turnBudget,
                how);
    }
}
