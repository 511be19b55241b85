package dev.gather.gathering;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Where a gathering stood when its daemon stopped, as its journal tells it: a restarted daemon
 * resumes the gathering from this (phase, round, holder, beat, and when each began).
 *
 * @param state SEEDING, SPEAKING, FINAL_BEAT or HARVESTING
 * @param phase index of the phase in the breath
 * @param round round within the phase, from 1
 * @param beat beats typed to the holder this turn
 * @param turn turns begun so far
 * @param holder who holds the piece (empty while seeding or harvesting)
 * @param heldThisRound who has held the piece this round, the holder included
 * @param gone members who left
 * @param seeded members whose seed was journalled
 * @param said every relayed turn, oldest first (the beats' micro pulse, a late member's seed), and
 *     the current private phase's answers, sealed
 * @param order the speaking order, members who joined late in their places (empty: the roster's)
 * @param joining speakers who joined and take their place when the next round begins
 * @param since when the current turn (or the harvest) began: the turn cap counts from here
 * @param beatBase when the last beat, the turn's start or the holder's last words were: the next beat is an interval after
 * @param finalBeat when the final beat was typed, in FINAL_BEAT: the grace counts from here
 * @param holderWords the holder's last relayed words this turn, if any
 * @param wordsAfterFinalBeat whether those words came after the final beat (then they ended the turn)
 * @param passedByCommand whether the piece was passed or taken by command and had not moved yet
 * @param unheard per member (digest hearing), what was said since its last prompt, as typed, oldest
 *     first: it comes with its next one
 * @param announcedRound the round announced after the last turn began, whose first turn's announcement
 *     was not journalled: it is not announced again
 */
public record Snapshot(
        GatheringState state,
        int phase,
        int round,
        int beat,
        int turn,
        Optional<String> holder,
        Set<String> heldThisRound,
        Set<String> gone,
        Set<String> seeded,
        List<Words> said,
        List<String> order,
        List<String> joining,
        Instant since,
        Instant beatBase,
        Optional<Instant> finalBeat,
        Optional<String> holderWords,
        boolean wordsAfterFinalBeat,
        boolean passedByCommand,
        Map<String, List<Untold>> unheard,
        Optional<Round> announcedRound) {
    public Snapshot {
        unheard = Map.copyOf(unheard);
        heldThisRound = Set.copyOf(heldThisRound);
        gone = Set.copyOf(gone);
        seeded = Set.copyOf(seeded);
        said = List.copyOf(said);
        order = List.copyOf(order);
        joining = List.copyOf(joining);
        if (state == GatheringState.NEXT || state == GatheringState.CLOSED) {
            throw new IllegalArgumentException("a gathering is never resumed in " + state);
        }
    }

    /** A round of a phase ({@code phase}: its index in the breath; {@code round} from 1). */
    public record Round(int phase, int round) {}

    /**
     * Words someone relayed; {@code sealed}: said in a private phase, heard by the harvester alone;
     * {@code revealedIn}: the phase whose reveal then showed them to everyone (sealed words only).
     */
    public record Words(String from, String text, boolean sealed, OptionalInt revealedIn) {
        public Words {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(revealedIn, "revealedIn");
        }

        public Words(String from, String text, boolean sealed) {
            this(from, text, sealed, OptionalInt.empty());
        }

        public Words(String from, String text) {
            this(from, text, false);
        }

        /** Sealed and not revealed: kept for the current phase's reveal, or with the harvester alone. */
        public boolean kept() {
            return sealed && revealedIn.isEmpty();
        }

        /** These words, shown to everyone by the reveal of phase {@code phase}. */
        public Words revealed(int phase) {
            return new Words(from, text, sealed, OptionalInt.of(phase));
        }
    }
}
