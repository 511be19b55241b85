package dev.gather.link;

/** What a member does in a link or gathering. */
public enum Role {
    /** Holds the piece in turn; in a direct link both members are speakers. */
    SPEAKER,
    /** Hears everything, never holds the piece, writes the harvest at the close. */
    HARVESTER,
    /** A person: speaks with `gather say`, watches with `gather watch`; holds the piece like a speaker. */
    HUMAN
}
