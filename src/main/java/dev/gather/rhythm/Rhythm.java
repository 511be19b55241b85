package dev.gather.rhythm;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One loaded, verified rhythm: the whole structure of a conversation, with nothing about a particular
 * rhythm in code.
 *
 * @param turnBudget for links without a talking piece: how many relayed turns before the link closes
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
        OptionalInt turnBudget) {

    public Rhythm {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        openingQuestion = openingQuestion == null ? "" : openingQuestion;
        breath = List.copyOf(breath);
        passPatterns = List.copyOf(passPatterns);
        Objects.requireNonNull(roles, "roles");
        Objects.requireNonNull(prompts, "prompts");
        Objects.requireNonNull(turnBudget, "turnBudget");
        if (talkingPiece && beats == null) {
            throw new IllegalArgumentException("a talking-piece rhythm needs beats");
        }
    }

    /** Total rounds over all phases. */
    public int totalRounds() {
        return breath.stream().mapToInt(Phase::rounds).sum();
    }
}
