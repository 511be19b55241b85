package dev.gather.gathering;

/** Where a gathering is in its ceremony. {@code NEXT} is a choice: who holds the piece next, or harvest. */
public enum GatheringState {
    SEEDING,
    SPEAKING,
    FINAL_BEAT,
    NEXT,
    HARVESTING,
    CLOSED
}
