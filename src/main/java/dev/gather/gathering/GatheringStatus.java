package dev.gather.gathering;

import dev.gather.link.Member;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A gathering at one moment, as status commands show it; {@code turn} counts the turns begun so far,
 * {@code nextBeat} is when the holder's next beat is due (none while no beat is armed), by the
 * gathering's clock, which read {@code asOf} for this status.
 */
public record GatheringStatus(
        String id,
        String rhythm,
        GatheringState state,
        String phase,
        int phaseIndex,
        int round,
        int rounds,
        Optional<Member> holder,
        int beat,
        int turn,
        List<Member> order,
        List<Member> present,
        Optional<String> closedReason,
        Optional<Instant> nextBeat,
        Instant asOf) {
    public GatheringStatus {
        order = List.copyOf(order);
        present = List.copyOf(present);
    }

    /** The status of a gathering whose talking piece {@code c} keeps, in {@code state}, as of {@code asOf}. */
    static GatheringStatus of(
            String id,
            Ceremony c,
            GatheringState state,
            Optional<String> closedReason,
            Optional<Instant> nextBeat,
            Instant asOf) {
        return new GatheringStatus(
                id,
                c.rhythm.name(),
                state,
                c.phase().name(),
                c.phaseIndex(),
                c.round(),
                c.phase().rounds(),
                c.holder(),
                c.beat(),
                c.turn(),
                c.order,
                c.present(),
                closedReason,
                nextBeat,
                asOf);
    }
}
