package dev.gather.rhythm;

import java.util.Locale;

/**
 * Who hears the holder of the piece during a phase: everyone ({@code open}), or only the harvester
 * ({@code private}), each speaker answering without hearing the others until the phase's reveal.
 */
public enum Voice {
    /** The holder's words go to everyone else, attributed. */
    OPEN,
    /** The holder's words go to the harvester alone; the others hear them at the phase's reveal, if it has one. */
    PRIVATE;

    /** The word a rhythm writes. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
