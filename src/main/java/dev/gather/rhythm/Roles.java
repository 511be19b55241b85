package dev.gather.rhythm;

import java.util.List;

/**
 * Who may take part: how many speakers, how many harvesters, whether a human joins, and the parts the
 * first speakers in the speaking order play.
 */
public record Roles(int minSpeakers, int maxSpeakers, int harvesters, HumanRole human, List<RolePart> parts) {
    public Roles {
        if (minSpeakers < 1 || maxSpeakers < minSpeakers) {
            throw new IllegalArgumentException(
                    "roles.speakers must satisfy 1 <= min <= max (was " + minSpeakers + ".." + maxSpeakers + ")");
        }
        if (harvesters < 0 || harvesters > 1) {
            throw new IllegalArgumentException("roles.harvester must be 0 or 1 (was " + harvesters + ")");
        }
        human = human == null ? HumanRole.NONE : human;
        parts = parts == null ? List.of() : List.copyOf(parts);
    }

    /** Roles without parts. */
    public Roles(int minSpeakers, int maxSpeakers, int harvesters, HumanRole human) {
        this(minSpeakers, maxSpeakers, harvesters, human, List.of());
    }

    /** What a starter is told who casts someone into {@code word}, which is no role nor part of rhythm {@code rhythm}. */
    public String unknownPart(String rhythm, String word) {
        return "'" + word + "' is neither speaker, harvester, human nor a part of rhythm " + rhythm
                + (parts.isEmpty()
                        ? " (it casts no parts)"
                        : " (its parts: "
                                + String.join(
                                        ", ", parts.stream().map(RolePart::name).toList()) + ")");
    }

    /** Whether a human member is part of the gathering. */
    public enum HumanRole {
        NONE,
        OPTIONAL,
        REQUIRED
    }
}
