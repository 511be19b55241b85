package dev.gather.rhythm;

import java.util.Objects;
import java.util.Set;

/**
 * A part a rhythm casts beyond speaker, harvester and human (a facilitator, a skeptic): the speaker
 * in that place of the speaking order plays it, is named by it in {@code {role}}, and gets its
 * prompt privately after the seed.
 */
public record RolePart(String name, String prompt) {
    /** The placeholders a part's prompt may use. */
    public static final Set<String> PLACEHOLDERS = Set.of("name", "number", "part");

    public RolePart {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(prompt, "prompt");
    }
}
