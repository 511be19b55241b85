package dev.gather.relay;

import dev.gather.delivery.ChannelStatus;
import dev.gather.delivery.Letter;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a member's receipts said as one of its turns ended, by the entries of one gathering's journal
 * (never by text): the messages that turn started with (submitted, or taken through a door), those
 * still waiting for a turn (queued, handed to a door), and the last message that had given the member
 * the floor by then.
 */
public record TurnStart(Set<Long> took, Set<Long> waiting, long floorAtEnd) {
    public TurnStart {
        took = Set.copyOf(took);
        waiting = Set.copyOf(waiting);
    }

    /** Read from the member's channel as its turn ends, before the post office hears of the end. */
    public static TurnStart of(Optional<ChannelStatus> status, String journal, long floorAtEnd) {
        Set<Long> took = refs(
                status.stream().flatMap(s -> Stream.concat(s.unconfirmed().stream(), s.typing().stream())), journal);
        Set<Long> waiting =
                refs(status.stream().flatMap(s -> Stream.concat(s.queued().stream(), s.handed().stream())), journal);
        return new TurnStart(took, waiting, floorAtEnd);
    }

    /**
     * Whether the turn began with message {@code floor} (the one that gave the member the floor,
     * negative when none is known) or a later one. A turn that took only older messages did not; a
     * turn without a receipt did not when the floor came after it ended or was still waiting.
     */
    public boolean beganWith(long floor) {
        if (floor < 0 || took.stream().anyMatch(r -> r >= floor)) {
            return true;
        }
        return took.isEmpty() && floor == floorAtEnd && !waiting.contains(floor);
    }

    private static Set<Long> refs(Stream<Letter> letters, String journal) {
        return letters.filter(l -> l.journal().equals(journal)).map(Letter::ref).collect(Collectors.toSet());
    }
}
