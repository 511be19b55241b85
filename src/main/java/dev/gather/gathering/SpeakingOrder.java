package dev.gather.gathering;

import dev.gather.link.Member;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * The circle's speaking order: who speaks after whom, who has held the piece this round, and the
 * speakers who joined mid-round and take their place when the next round begins.
 */
final class SpeakingOrder {
    /** Read from other threads for status while speakers join: copy-on-write. */
    final List<Member> order;

    private final Set<Member> heldThisRound = new HashSet<>();
    private final List<Member> joining = new ArrayList<>();

    SpeakingOrder(List<Member> speakers) {
        this.order = new CopyOnWriteArrayList<>(speakers);
    }

    /** Whether every one of {@code speakers} has held the piece this round. */
    boolean allHeld(List<Member> speakers) {
        return heldThisRound.containsAll(speakers);
    }

    /**
     * The next of {@code speakers} in order after {@code holder} who has not held the piece this
     * round ({@code roundOver}: a new round begins, so nobody has), else simply the next after it.
     */
    Member following(Optional<Member> holder, List<Member> speakers, boolean roundOver) {
        Set<Member> held = roundOver ? Set.of() : heldThisRound;
        int start = holder.map(order::indexOf).orElse(-1);
        for (int i = 1; i <= order.size(); i++) {
            Member m = order.get(Math.floorMod(start + i, order.size()));
            if (speakers.contains(m) && !held.contains(m)) {
                return m;
            }
        }
        for (int i = 1; i <= order.size(); i++) {
            Member m = order.get(Math.floorMod(start + i, order.size()));
            if (speakers.contains(m)) {
                return m;
            }
        }
        return speakers.get(0);
    }

    /**
     * A speaker joins: before the first turn it simply joins the order's end ({@code now}), later it
     * waits for the next round to begin.
     */
    void join(Member speaker, boolean now) {
        if (now) {
            order.add(speaker);
        } else {
            joining.add(speaker);
        }
    }

    /**
     * {@code holder} takes the piece; {@code roundStarts} after an earlier turn ({@code afterATurn})
     * begins a new round of holders. The speakers waiting to join and still {@code present} take
     * their place at the circle's end as a round starts: just before its first speaker, or the list's
     * end when that is the first in the list.
     */
    void begin(Member holder, boolean roundStarts, boolean afterATurn, Predicate<Member> present) {
        if (roundStarts && afterATurn) {
            heldThisRound.clear();
        }
        if (roundStarts && !joining.isEmpty()) {
            int at = order.indexOf(holder);
            order.addAll(
                    at <= 0 ? order.size() : at,
                    joining.stream().filter(present).toList());
            joining.clear();
        }
        heldThisRound.add(holder);
    }

    /**
     * Takes a journal's picture of the circle (a resumed gathering): who held the piece this round,
     * the order as late joiners left it (if the journal has one; else the roster's stays), and who
     * still waits to join.
     */
    void restore(List<Member> held, Optional<List<Member>> journalledOrder, List<Member> waiting) {
        heldThisRound.addAll(held);
        journalledOrder.ifPresent(o -> {
            order.clear();
            order.addAll(o);
        });
        joining.addAll(waiting);
    }
}
