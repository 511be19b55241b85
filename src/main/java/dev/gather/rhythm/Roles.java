package dev.gather.rhythm;

/** Who may take part: how many speakers, how many harvesters, and whether a human joins. */
public record Roles(int minSpeakers, int maxSpeakers, int harvesters, HumanRole human) {
    public Roles {
        if (minSpeakers < 1 || maxSpeakers < minSpeakers) {
            throw new IllegalArgumentException(
                    "roles.speakers must satisfy 1 <= min <= max (was " + minSpeakers + ".." + maxSpeakers + ")");
        }
        if (harvesters < 0 || harvesters > 1) {
            throw new IllegalArgumentException("roles.harvester must be 0 or 1 (was " + harvesters + ")");
        }
        human = human == null ? HumanRole.NONE : human;
    }

    /** Whether a human member is part of the gathering. */
    public enum HumanRole {
        NONE,
        OPTIONAL,
        REQUIRED
    }
}
