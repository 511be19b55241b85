package dev.gather.delivery;

import dev.gather.door.Door;
import java.util.Optional;

/**
 * What follows once a member's harness took a letter into its own queue: the door's handle on that
 * letter's reference says when a turn carrying it started (DELIVERED) and ended (CONFIRMED); a
 * letter still not taken after the member's patience is looked for in the harness's own record. A
 * door with no handle leaves the letter to the member's next turn end ({@link Untraced}). Its lock is
 * the channel's monitor; a handle is never read under it.
 */
final class Receipts {
    private final HarnessDoor door;
    private final Channel channel;
    private final String pane;
    private final Office office;
    private final DoorPatience patience;
    private final TakenTurns taken;

    Receipts(HarnessDoor door, Channel channel, String pane, Office office, DoorPatience patience, TakenTurns taken) {
        this.door = door;
        this.channel = channel;
        this.pane = pane;
        this.office = office;
        this.patience = patience;
        this.taken = taken;
    }

    /** Waits for the harness's evidence that a turn carrying {@code p} started, then ended; {@code bounded}: not forever. */
    void await(Pending p, Door d, boolean bounded) {
        Optional<Door.Trace> trace = d.trace(p.parcel().ref());
        if (trace.isEmpty()) {
            if (door.untraced(p)) {
                channel.pump();
            }
            return;
        }
        door.tracing(p, trace.get());
        trace.get().taken().whenComplete((how, e) -> taken(p, d, trace.get(), how, e));
        trace.get().held().thenAccept(why -> door.held(p, d.name(), why));
        if (bounded) {
            // held after the handover: a person decides when, as for a hold answered at once
            DoorPatience.Verdicts verdicts = new DoorPatience.Verdicts(
                    () -> !p.done().isDone() && !trace.get().held().isDone(),
                    this::midTurn,
                    (why, first) -> waitsOn(p, why, first),
                    why -> channel.typeInstead(p, d.name() + " " + why));
            patience.watch(office.clock().instant(), d, p.parcel(), trace.get(), verdicts);
        }
        trace.get().ended().thenAccept(how -> confirmed(p.letter(), how));
    }

    /** Whether a turn of the member runs, or one it took is not yet confirmed (a dialog may hold a door's letter). */
    private boolean midTurn() {
        synchronized (channel) {
            return channel.turns().state() == MemberState.BUSY
                    || !channel.status().unconfirmed().isEmpty();
        }
    }

    /** A turn carrying {@code p} started; or ({@code e}) the harness declined it after all: typed instead. */
    private void taken(Pending p, Door d, Door.Trace trace, String how, Throwable e) {
        if (e != null) {
            if (e instanceof Door.Declined) {
                channel.typeInstead(p, d.name() + ": " + e.getMessage());
            }
            return; // cancelled: it was typed instead already
        }
        channel.turnStarted();
        Optional<String> through = door.carried(p, trace);
        if (through.isEmpty()) {
            return; // the pane went meanwhile, or it was typed instead
        }
        office.ledger().record(p.letter(), pane, DeliveryState.DELIVERED, "taken: " + how);
        office.port().taken(pane, p.letter(), how);
        p.delivered(pane, through.get(), how, office.clock().instant());
        // its turn can end while its receipt is awaited (a quick turn), or before it was seen at all (a
        // prompt hook missed): left so, the member would stay busy and the letter unconfirmed
        if (trace.ended().isDone()) {
            confirmed(p.letter(), trace.ended().join());
            channel.settled(trace.ended().join(), Optional.empty());
        }
        channel.pump();
    }

    private void confirmed(Letter letter, String how) {
        synchronized (channel) {
            if (!taken.remove(letter)) {
                return;
            }
        }
        office.ledger().record(letter, pane, DeliveryState.CONFIRMED, how);
    }

    private void waitsOn(Pending p, String why, boolean first) {
        door.noted(why);
        if (first) {
            office.ledger().record(p.letter(), pane, DeliveryState.HANDED, why);
        }
    }
}
