package dev.gather.delivery;

import dev.gather.door.Door;
import dev.gather.door.Doors;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A member's channel through its harness's own door (Claude's socket, {@code codex queue}): the
 * channel's head letter handed, then taken (the harness started a turn carrying it: DELIVERED), then
 * confirmed (that turn ended); receipts come through the door's handle on that letter's reference
 * ({@link Receipts}). The next letter waits until this one is taken. A door that is absent, resting, refuses, declines or
 * fails sends the letter back to its {@link Channel} to be typed, journalled with the reason. Its
 * lock is the channel's monitor; a door is never called under it.
 */
final class HarnessDoor {
    private static final Duration IN_FLIGHT = Duration.ofSeconds(2); // a turn end's wait for a door still answering

    private final Channel channel;
    private final String pane;
    private final Function<String, Opening> opener;
    private final Office office;
    private final DoorPatience patience;
    /** Handed (or held) and waiting for its turn to start; the next waits behind it, for order. */
    private Pending handing;
    /** Being handed, its door's answer not yet journalled: a graceful stop waits for that answer. */
    private Pending asking;

    private final TakenTurns taken;
    /** Handed through a door that shows no transcript: the member's next turn end stands in. */
    private final Untraced untraced;

    private final Receipts receipts;
    /** The trace of the last letter handed, whose evidence {@link #look} reads on demand. Under the lock. */
    private Door.Trace looking;

    private String door = Doors.KEYSTROKES;
    private String note;

    /**
     * {@code patience}: how long a handed letter may wait to be taken; {@code taken}: the
     * channel's letters taken and not yet confirmed, which this door adds to and confirms.
     */
    HarnessDoor(
            Channel channel,
            String pane,
            Function<String, Opening> opener,
            Office office,
            Duration patience,
            TakenTurns taken) {
        this.channel = channel;
        this.pane = pane;
        this.opener = opener;
        this.office = office;
        this.patience = new DoorPatience(patience, office.clock(), office.executor(), office.timer());
        this.taken = taken;
        this.untraced = new Untraced(pane, office);
        this.receipts = new Receipts(this, channel, pane, office, this.patience, taken);
    }

    /** {@code p} is handed next ({@link #hand} runs it, off the lock). Under the lock. */
    void take(Pending p) {
        handing = p;
        asking = p;
    }

    /** Whether a letter is handed and not yet taken (the next waits). Under the lock. */
    boolean busy() {
        return handing != null;
    }

    /** Whether a door is still answering for a letter (nothing of its answer journalled yet). Under the lock. */
    boolean answering() {
        return asking != null;
    }

    /** Lets go of {@code p} if it is still the one being handed; false if it was taken or let go already. Under the lock. */
    boolean release(Pending p) {
        if (handing != p) {
            return false;
        }
        handing = null;
        asking = null;
        looking = null;
        channel.notifyAll(); // a turn end waiting in look reads what there is
        return true;
    }

    /** Lets go of every letter handed and not yet taken (or untraced); they are returned. Under the lock. */
    List<Pending> release() {
        List<Pending> open = new ArrayList<>();
        Optional.ofNullable(handing).ifPresent(open::add);
        handing = null;
        asking = null;
        looking = null;
        channel.notifyAll();
        open.addAll(untraced.release());
        return open;
    }

    /** {@code typed}, the member's picture, with this door's share in it. Under the lock. */
    ChannelStatus share(ChannelStatus typed) {
        List<Letter> handed = new ArrayList<>();
        Optional.ofNullable(handing).ifPresent(p -> handed.add(p.letter()));
        untraced.share(handed);
        taken.later().ifPresent(handed::add); // as the turn end being judged sees it, still waiting
        return typed.withDoor(door, handed, taken.unconfirmed(), Optional.ofNullable(note));
    }

    /** The member's turn ended: letters handed through a door without a transcript are confirmed by it. */
    void turnEnded(String how) {
        patience.turnEnded();
        List<Pending> ended;
        String through;
        synchronized (channel) {
            ended = untraced.release();
            note = ended.isEmpty() ? note : null;
            through = door;
        }
        untraced.carried(ended, through, how);
    }

    /** Hands {@code p}, taken by {@link #take}, through the harness's door. Runs on the post office's threads. */
    void hand(Pending p) {
        String resting;
        synchronized (channel) {
            resting = patience.resting() ? (note == null ? "its door rests after a failure" : note) : null;
        }
        if (resting != null) {
            channel.typeInstead(p, resting);
            return;
        }
        Opening opening = opener.apply(channel.profile().name());
        if (opening instanceof Opening.Absent a) {
            named(Doors.KEYSTROKES);
            channel.typeInstead(p, a.door() + " not open: " + a.why());
            return;
        }
        Door d = ((Opening.Open) opening).door();
        named(d.name());
        office.port().typing(pane, p.letter().text());
        // a door whose future breaks is a failed door: the queue behind it must not stop
        d.hand(p.parcel()).whenComplete((h, e) -> {
            try {
                handed(p, d, h != null ? h : new Handover.Failed("it broke: " + e));
            } finally {
                answered(p);
            }
        });
    }

    /** The door's answer for {@code p} is journalled (or it was let go meanwhile). */
    private void answered(Pending p) {
        synchronized (channel) {
            if (asking == p) {
                asking = null;
            }
        }
    }

    private void named(String name) {
        synchronized (channel) {
            door = name;
        }
    }

    private void handed(Pending p, Door d, Handover h) {
        if (h instanceof Handover.Handed handed) {
            office.ledger().record(p.letter(), pane, DeliveryState.HANDED, d.name() + ": " + handed.how());
            noted("handed to " + d.name() + " at " + office.clock().instant() + "; waits for a turn to carry it");
            office.port().handed(pane, p.letter(), d.name());
            receipts.await(p, d, true);
        } else if (h instanceof Handover.Held held) {
            held(p, d.name(), held.why());
            receipts.await(p, d, false); // a person decides when: no wait runs out
        } else if (h instanceof Handover.Declined x) {
            channel.typeInstead(p, d.name() + " declined it: " + x.why());
        } else if (h instanceof Handover.Refused r) {
            rest(p, d.name() + " refused: " + r.why());
        } else if (h instanceof Handover.Failed f) {
            rest(p, d.name() + " failed: " + f.why());
        } else { // an answer this channel does not know: loudly, as a failure, and typed meanwhile
            rest(p, d.name() + " failed: it answered " + h);
        }
    }

    /**
     * The harness keeps {@code p} for its person, as it answered the handover or later: journalled, unless
     * it was taken or let go meanwhile. Typing it as well would send it twice once the person approves.
     */
    void held(Pending p, String through, String why) {
        synchronized (channel) {
            if (handing == p) {
                office.ledger().record(p.letter(), pane, DeliveryState.HELD, through + ": " + why);
                note = "a message is held by " + through + ": " + why;
            }
        }
    }

    /** Why the member's door letters wait, or what its door last did, for status. */
    void noted(String why) {
        synchronized (channel) {
            note = why;
        }
    }

    /**
     * Reads the evidence for the last letter handed now, on this thread, before a turn end is judged: a
     * quick turn can end before the door's poll saw it start, even before the door answered (awaited,
     * {@link #IN_FLIGHT} at most); the door may wait, bounded, for its record ({@link Door.Trace#look}).
     * Then the letters taken are judged against that end ({@code turn}: the harness's id for it).
     */
    void look(Optional<String> turn) {
        Door.Trace trace;
        synchronized (channel) {
            long until = System.nanoTime() + IN_FLIGHT.toNanos();
            while (handing != null && looking == null && until - System.nanoTime() > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(channel, until - System.nanoTime());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            trace = looking;
        }
        if (trace != null) {
            trace.look().endedBefore(turn); // a take it reads moves the letter to those taken, judged next
        }
        taken.judge(turn);
    }

    /** {@code p}'s door shows no trace of it: the member's next turn end stands in; false if it was let go. */
    boolean untraced(Pending p) {
        synchronized (channel) {
            if (!release(p)) {
                return false; // the pane went or the channel closed meanwhile
            }
            untraced.add(p);
            return true;
        }
    }

    /** {@code trace} is {@code p}'s handle: a turn end waiting in {@link #look} reads it now. */
    void tracing(Pending p, Door.Trace trace) {
        synchronized (channel) {
            if (handing == p) { // else typed instead, or the pane went, while the door answered
                looking = trace;
                channel.notifyAll();
            }
        }
    }

    /** A turn carrying {@code p} started, as {@code trace} shows: the door it went through, or empty if it was let go. */
    Optional<String> carried(Pending p, Door.Trace trace) {
        synchronized (channel) {
            if (!release(p)) {
                return Optional.empty();
            }
            note = null;
            taken.add(p.letter(), trace);
            return Optional.of(door);
        }
    }

    /** The door said no: this letter and those behind it are typed while it rests. */
    private void rest(Pending p, String why) {
        Instant until = patience.rest();
        noted(why + "; typed instead until " + until);
        channel.typeInstead(p, why);
    }
}
