package dev.gather.delivery;

import java.util.ArrayList;
import java.util.List;

/**
 * The letters a member's harness took through a door that shows no transcript: nothing says when a
 * turn carried one, so the member's next turn end stands in for both taken and confirmed. Its lock is
 * the channel's monitor.
 */
final class Untraced {
    private static final String ENDED_AFTER = "a turn ended after it was handed";

    private final String pane;
    private final Office office;
    private final List<Pending> letters = new ArrayList<>();

    Untraced(String pane, Office office) {
        this.pane = pane;
        this.office = office;
    }

    /** {@code p} was handed and its door shows no trace of it. Under the lock. */
    void add(Pending p) {
        letters.add(p);
    }

    /** Lets go of every letter here; they are returned. Under the lock. */
    List<Pending> release() {
        List<Pending> all = new ArrayList<>(letters);
        letters.clear();
        return all;
    }

    /** Adds each letter here to {@code handed}, the member's picture. Under the lock. */
    void share(List<Letter> handed) {
        letters.forEach(p -> handed.add(p.letter()));
    }

    /** A turn ended ({@code how}) after {@code ended} were handed through {@code door}: it carried them. Off the lock. */
    void carried(List<Pending> ended, String door, String how) {
        for (Pending p : ended) {
            office.ledger().record(p.letter(), pane, DeliveryState.DELIVERED, "taken: " + ENDED_AFTER);
            office.ledger().record(p.letter(), pane, DeliveryState.CONFIRMED, how);
            p.delivered(pane, door, ENDED_AFTER, office.clock().instant());
        }
    }
}
