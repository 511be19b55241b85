package dev.gather.rhythm;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One phase of the breath (inhale, hold, exhale, …): how many rounds it runs, its discipline, the
 * prompts it words its own way (its announcement, turns and beats), over the rhythm's, who hears its
 * holder ({@code voice}) and, for a private phase, what everyone is shown when it ends ({@code reveal}).
 */
public record Phase(String name, int rounds, String discipline, Prompts prompts, Voice voice, Reveal reveal) {
    /** The prompts a phase may word its own way: those said while it runs. */
    public static final Set<PromptKind> OWN_PROMPTS =
            Set.of(PromptKind.PHASE, PromptKind.TURN, PromptKind.BEAT, PromptKind.FINAL_BEAT);

    public Phase {
        Objects.requireNonNull(name, "name");
        if (rounds < 1) {
            throw new IllegalArgumentException("phase " + name + " needs at least 1 round (was " + rounds + ")");
        }
        discipline = discipline == null ? "" : discipline;
        prompts = prompts == null ? new Prompts(Map.of()) : prompts;
        voice = voice == null ? Voice.OPEN : voice;
        reveal = reveal == null ? Reveal.NONE : reveal;
        if (voice == Voice.OPEN && reveal != Reveal.NONE) {
            throw new IllegalArgumentException("phase " + name + " is open: everyone heard it, nothing to reveal");
        }
        for (PromptKind k : prompts.texts().keySet()) {
            if (!OWN_PROMPTS.contains(k)) {
                throw new IllegalArgumentException("phase " + name + " cannot word prompts." + k.key());
            }
        }
    }

    /** An open phase, with the prompts it words its own way. */
    public Phase(String name, int rounds, String discipline, Prompts prompts) {
        this(name, rounds, discipline, prompts, Voice.OPEN, Reveal.NONE);
    }

    /** An open phase worded entirely by its rhythm's prompts. */
    public Phase(String name, int rounds, String discipline) {
        this(name, rounds, discipline, new Prompts(Map.of()));
    }

    /** Whether what its holders say goes to the harvester alone. */
    public boolean isPrivate() {
        return voice == Voice.PRIVATE;
    }
}
