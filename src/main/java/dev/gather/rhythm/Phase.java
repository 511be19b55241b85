package dev.gather.rhythm;

import java.util.Objects;

/** One phase of the breath (inhale, hold, exhale, …): how many rounds it runs and its discipline. */
public record Phase(String name, int rounds, String discipline) {
    public Phase {
        Objects.requireNonNull(name, "name");
        if (rounds < 1) {
            throw new IllegalArgumentException("phase " + name + " needs at least 1 round (was " + rounds + ")");
        }
        discipline = discipline == null ? "" : discipline;
    }
}
