package dev.gather.delivery;

import dev.gather.door.Door;
import dev.gather.door.Doors;
import dev.gather.door.Handover;
import dev.gather.door.Opening;
import dev.gather.tmux.DeliveryResult;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One member's messages through its harness's own door, one at a time and in order: handed, then
 * taken (the harness started a turn carrying it: DELIVERED), then confirmed (that turn ended). A door
 * that is absent, refuses or fails sends the message to the member's keystroke {@link Mailbox}
 * instead, journalled with the reason; nothing is dropped and nothing is sent both ways.
 */
final class DoorBox {
    private final String pane;
    private final Supplier<Opening> opener;
    private final Mailbox keystrokes;
    private final Clock clock;
    private final Ledger ledger;
    private final DoorHooks hooks;
    private final DoorPatience patience;
    private final Deque<DoorLetter> queue = new ArrayDeque<>();
    /** Handed (or held) and waiting for its turn to start; the next waits behind it, for order. */
    private DoorLetter handing;

    private final List<Letter> taken = new ArrayList<>();
    /** Handed through a door that shows no transcript: the member's next turn end stands in. */
    private final List<DoorLetter> untraced = new ArrayList<>();

    private volatile String door = Doors.KEYSTROKES;
    private String note;
    private boolean gone;

    DoorBox(
            String pane,
            Supplier<Opening> opener,
            Mailbox keystrokes,
            Clock clock,
            Ledger ledger,
            DoorHooks hooks,
            DoorPatience patience) {
        this.pane = pane;
        this.patience = patience;
        this.opener = opener;
        this.keystrokes = keystrokes;
        this.clock = clock;
        this.ledger = ledger;
        this.hooks = hooks;
    }

    /** Queues {@code letter}; the future completes once a turn carrying it started, or it was typed, or failed. */
    CompletableFuture<DeliveryResult> post(Letter letter) {
        CompletableFuture<DeliveryResult> done = new CompletableFuture<>();
        synchronized (this) {
            if (gone) {
                return keystrokes.post(letter); // the keystroke box fails it, journalled, as a gone pane
            }
            queue.add(new DoorLetter(letter, letter.parcel(pane), done, clock.instant()));
        }
        pump();
        return done;
    }

    /** The member's turn ended: messages handed through a door without a transcript are confirmed by it. */
    void turnEnded(String how) {
        patience.turnEnded();
        List<DoorLetter> ended;
        synchronized (this) {
            ended = new ArrayList<>(untraced);
            untraced.clear();
            note = ended.isEmpty() ? note : null;
        }
        for (DoorLetter p : ended) {
            ledger.record(p.letter(), pane, DeliveryState.DELIVERED, "taken: a turn ended after it was handed");
            ledger.record(p.letter(), pane, DeliveryState.CONFIRMED, how);
            p.delivered(pane, door, "a turn ended after it was handed", clock.instant());
        }
    }

    /** The pane is gone: what waits here fails, visibly; what its harness holds is out of reach. */
    void gone() {
        List<Letter> unfinished;
        synchronized (this) {
            unfinished = new ArrayList<>(taken);
            taken.clear();
        }
        fail(takeAll(), "pane " + pane + " ended before a turn carried it", new DeliveryResult.PaneGone(pane));
        unfinished.forEach(l -> ledger.record(l, pane, DeliveryState.FAILED, "pane gone before its turn ended"));
    }

    /** Closing: what waits here completes failed, unjournalled (the next daemon resumes from the journal). */
    void close(String why) {
        takeAll().forEach(p -> p.done().complete(new DeliveryResult.Failed(pane, why)));
    }

    /** Takes every letter waiting here (queued, handed, untraced); no more are taken after. */
    private synchronized List<DoorLetter> takeAll() {
        gone = true;
        List<DoorLetter> lost = new ArrayList<>(queue);
        queue.clear();
        Optional.ofNullable(handing).ifPresent(lost::add);
        handing = null;
        lost.addAll(untraced);
        untraced.clear();
        return lost;
    }

    /** Drops the queued (not yet handed) letters {@code which} accepts: they fail, visibly, with {@code why}. */
    void withdraw(Predicate<Letter> which, String why) {
        List<DoorLetter> dropped = new ArrayList<>();
        synchronized (this) {
            queue.removeIf(p -> which.test(p.letter()) && dropped.add(p));
        }
        fail(dropped, why, new DeliveryResult.Failed(pane, why));
    }

    private void fail(List<DoorLetter> lost, String why, DeliveryResult result) {
        for (DoorLetter p : lost) {
            ledger.record(p.letter(), pane, DeliveryState.FAILED, why);
            p.done().complete(result);
        }
    }

    /** The keystroke box's picture with this door's share in it. */
    MailboxStatus status() {
        MailboxStatus typed = keystrokes.status();
        synchronized (this) {
            List<Letter> handed = java.util.stream.Stream.concat(
                            Optional.ofNullable(handing).stream(), untraced.stream())
                    .map(DoorLetter::letter)
                    .toList();
            return typed.withDoor(
                    door, queue.stream().map(DoorLetter::letter).toList(), handed, taken, Optional.ofNullable(note));
        }
    }

    private void pump() {
        DoorLetter next;
        synchronized (this) {
            if (handing != null || queue.isEmpty()) {
                return;
            }
            next = queue.poll();
            handing = next;
        }
        patience.execute(() -> hand(next));
    }

    private void hand(DoorLetter p) {
        MailboxStatus typed = keystrokes.status();
        if (!typed.queued().isEmpty() || typed.typing().isPresent()) { // a door message would overtake them
            fallBack(p, "messages typed before it are still waiting (kept in order)");
            return;
        }
        String resting;
        synchronized (this) {
            resting = patience.resting() ? (note == null ? "its door rests after a failure" : note) : null;
        }
        if (resting != null) {
            fallBack(p, resting);
            return;
        }
        Opening opening = opener.get();
        if (opening instanceof Opening.Absent a) {
            door = Doors.KEYSTROKES;
            fallBack(p, a.door() + " not open: " + a.why());
            return;
        }
        Door d = ((Opening.Open) opening).door();
        door = d.name();
        hooks.handing(pane, p.letter().text());
        // a door whose future breaks is a failed door: the queue behind it must not stop
        d.hand(p.parcel()).whenComplete((h, e) -> handed(p, d, h != null ? h : new Handover.Failed("it broke: " + e)));
    }

    private void handed(DoorLetter p, Door d, Handover h) {
        if (h instanceof Handover.Handed handed) {
            ledger.record(p.letter(), pane, DeliveryState.HANDED, d.name() + ": " + handed.how());
            synchronized (this) {
                note = "handed to " + d.name() + " at " + clock.instant() + "; waits for a turn to carry it";
            }
            await(p, d, true);
        } else if (h instanceof Handover.Held held) {
            // the harness keeps it for its user: typing it as well would send it twice once approved
            ledger.record(p.letter(), pane, DeliveryState.HELD, d.name() + ": " + held.why());
            synchronized (this) {
                note = "a message is held by " + d.name() + ": " + held.why();
            }
            await(p, d, false); // a person decides when: no wait runs out
        } else if (h instanceof Handover.Declined x) {
            fallBack(p, d.name() + " declined it: " + x.why());
        } else if (h instanceof Handover.Refused r) {
            rest(p, d.name() + " refused: " + r.why());
        } else { // failed, or an answer this box does not know: loudly, and typed meanwhile
            rest(p, d.name() + " failed: " + (h instanceof Handover.Failed f ? f.why() : "it answered " + h));
        }
    }

    /** Waits for the harness's evidence that a turn carrying {@code p} started, then ended; {@code bounded}: not forever. */
    private void await(DoorLetter p, Door d, boolean bounded) {
        Optional<Door.Trace> trace = d.trace(p.parcel().ref());
        if (trace.isEmpty()) {
            synchronized (this) {
                untraced.add(p);
                handing = null;
            }
            pump();
            return;
        }
        trace.get().taken().whenComplete((how, e) -> taken(p, d, trace.get(), how, e));
        if (bounded) {
            patience.watch(clock.instant(), d, p.parcel(), trace.get(), verdicts(p, d));
        }
        trace.get().ended().thenAccept(how -> {
            synchronized (this) {
                if (!taken.remove(p.letter())) {
                    return;
                }
            }
            ledger.record(p.letter(), pane, DeliveryState.CONFIRMED, how);
        });
    }

    private DoorPatience.Verdicts verdicts(DoorLetter p, Door d) {
        return new DoorPatience.Verdicts(
                () -> !p.done().isDone(),
                () -> !status().unconfirmed().isEmpty() || keystrokes.status().state() == MemberState.BUSY,
                (why, first) -> waitsOn(p, why, first),
                why -> fallBack(p, d.name() + " " + why));
    }

    /** A turn carrying {@code p} started; or ({@code e}) the harness declined it after all: typed instead. */
    private void taken(DoorLetter p, Door d, Door.Trace trace, String how, Throwable e) {
        if (e != null) {
            if (e instanceof Door.Declined) {
                fallBack(p, d.name() + ": " + e.getMessage());
            }
            return; // cancelled: it was typed instead already
        }
        hooks.turnStarted(pane);
        // a quick turn's end can come while its receipt is awaited: it would leave the member busy
        if (trace.ended().isDone()) {
            hooks.turnEnded(pane, trace.ended().join());
        }
        synchronized (this) {
            if (handing != p) {
                return; // the pane went meanwhile, or it was typed instead
            }
            handing = null;
            note = null;
            taken.add(p.letter());
        }
        ledger.record(p.letter(), pane, DeliveryState.DELIVERED, "taken: " + how);
        p.delivered(pane, door, how, clock.instant());
        pump();
    }

    private synchronized void waitsOn(DoorLetter p, String why, boolean first) {
        note = why;
        if (first) {
            ledger.record(p.letter(), pane, DeliveryState.HANDED, why);
        }
    }

    /** The door said no: this message and those behind it are typed while it rests. */
    private void rest(DoorLetter p, String why) {
        Instant until = patience.rest();
        synchronized (this) {
            note = why + "; typed instead until " + until;
        }
        fallBack(p, why);
    }

    private void fallBack(DoorLetter p, String why) {
        synchronized (this) {
            if (handing != p) {
                return; // taken, typed or gone meanwhile: typing it now could deliver it twice
            }
            handing = null;
        }
        ledger.record(p.letter(), pane, DeliveryState.QUEUED, "keystrokes instead: " + why);
        keystrokes.post(p.letter()).whenComplete((r, e) -> p.done()
                .complete(r != null ? r : new DeliveryResult.Failed(pane, "typing failed: " + e)));
        pump();
    }
}
