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
}
