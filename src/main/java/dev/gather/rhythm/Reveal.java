package dev.gather.rhythm;

import java.util.Locale;

/**
 * What a private phase shows everyone when it ends: nothing, every answer under its speaker's name,
 * or every answer under a letter ({@code Member A}) that does not say whose it is.
 */
public enum Reveal {
    /** The answers stay with the harvester. */
    NONE,
    /** Each answer under its speaker's name and number, in speaking order. */
    NAMED,
    /** Each answer under a letter, in the letters' order, which the speaking order does not give away. */
    ANONYMOUS;

    /** The word a rhythm writes. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
