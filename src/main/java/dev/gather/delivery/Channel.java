package dev.gather.delivery;

import dev.gather.door.Opening;
import dev.gather.profile.Profile;
import dev.gather.tmux.DeliveryResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One member's delivery channel: one queue, one lock (its monitor), one state ({@link Turns}), whatever
 * the door. At the head of the queue it chooses a door for each letter: the harness's own ({@link
 * HarnessDoor}: Claude's socket, {@code codex queue}) when the harness has one, else keystrokes
 * ({@link Typist}, through the member's {@link KeystrokeDoor}) once the member is ready or idle. One
 * letter is in a door at a time, so letters arrive in queue order whichever way each goes. A harness
 * door that is absent, resting or says no sends its letter back to the head of the queue, to be typed:
 * nothing is dropped, nothing is sent both ways. Closing fails every letter still pending. Helpers
 * take this monitor, never a lock of their own, and never hold it around a door, a sender's future or
 * the pane.
 */
final class Channel {
    private final String pane;
    private final Office office;
    private final Predicate<String> hasDoor;
    private final Recognition recognition;
    private final ScreenWatch screen;
    private final Turns turns;
    private final Typist typist;
    private final HarnessDoor door;
    private final TakenTurns taken = new TakenTurns(this);
    private final Deque<Pending> queue = new ArrayDeque<>();
    private boolean closed;

    /**
     * @param hasDoor whether a harness (by profile name) has a door of its own
     * @param opener opens a harness's door (by profile name) now, or says why it is absent
     * @param patience how long a handed letter may wait to be taken
     */
    Channel(
            String pane,
            Profile profile,
            Recognition.Recogniser recogniser,
            Office office,
            Predicate<String> hasDoor,
            Function<String, Opening> opener,
            Duration patience) {
        this.pane = pane;
        this.office = office;
        this.hasDoor = hasDoor;
        this.recognition = new Recognition(this, pane, profile, recogniser);
        this.screen = new ScreenWatch(this, pane, office);
        boolean signalled = profile.turns().signal() != Profile.TurnSignal.NONE;
        this.turns = new Turns(
                pane, signalled ? MemberState.STARTING : MemberState.IDLE, office.clock(), office.ledger(), screen);
        this.typist = new Typist(this, turns, pane, office);
        this.door = new HarnessDoor(this, pane, opener, office, patience, taken);
    }

    /** Starts watching a member that reports its turns for readiness: not in the constructor, run where nothing slow may. */
    void open() {
        Profile profile = recognition.profile();
        if (profile.turns().signal() != Profile.TurnSignal.NONE) {
            screen.awaitReady(
                    turns.epoch(), System.nanoTime() + profile.ready().timeout().toNanos());
        }
    }

    /** Queues {@code letter}; the future completes once it was typed, or a turn carrying it started, or it failed. */
    CompletableFuture<DeliveryResult> post(Letter letter) {
        Pending p = Pending.of(letter, pane, office.clock().instant());
        String gaveUp;
        synchronized (this) {
            if (closed) {
                p.done().complete(new DeliveryResult.Failed(pane, PostOffice.STOPPED));
                return p.done();
            }
            if (turns.state() == MemberState.GONE) {
                office.ledger().record(letter, pane, DeliveryState.FAILED, "pane " + pane + " is gone");
                p.done().complete(new DeliveryResult.PaneGone(pane));
                return p.done();
            }
            gaveUp = typed(p) ? turns.gaveUp().orElse(null) : null;
            if (gaveUp == null) {
                queue.add(p);
            }
        }
        if (gaveUp != null) {
            typist.fail(p, gaveUp);
            return p.done();
        }
        pump();
        return p.done();
    }

    /** Whether {@code p} goes by keystrokes: its door said no to it, or the harness has no door. Under the lock. */
    private boolean typed(Pending p) {
        return p.keys() || !hasDoor.test(recognition.profile().name());
    }

    /** Sends the head of the queue through its door, unless a letter is in a door or the member may not take it. */
    void pump() {
        Pending next;
        boolean typed;
        synchronized (this) {
            if (closed || typist.busy() || door.busy() || queue.isEmpty()) {
                return;
            }
            typed = typed(queue.peek());
            if (typed && !turns.open()) {
                return;
            }
            next = queue.poll();
            if (typed) {
                typist.take(next);
            } else {
                door.take(next);
            }
        }
        office.executor().execute(typed ? () -> typist.type(next) : () -> door.hand(next));
    }

    /**
     * The harness's door said no to {@code p} ({@code why}), or is absent or resting: unless it was
     * taken, typed or failed meanwhile, it goes back to the head of the queue, to be typed.
     */
    void typeInstead(Pending p, String why) {
        String gone = null;
        String gaveUp = null;
        synchronized (this) {
            if (!door.release(p)) {
                return; // taken, typed or gone meanwhile: typing it now could deliver it twice
            }
            office.ledger().record(p.letter(), pane, DeliveryState.QUEUED, "keystrokes instead: " + why);
            if (turns.state() == MemberState.GONE) {
                gone = "pane " + pane + " is gone";
            } else if (turns.gaveUp().isPresent()) {
                gaveUp = turns.gaveUp().get();
            } else if (!closed) {
                queue.addFirst(p.byKeys());
            }
        }
        if (gone != null) {
            p.paneGone(office.ledger(), pane, gone);
        } else if (gaveUp != null) {
            typist.fail(p, gaveUp);
        }
        pump();
    }

    /** {@code p} could not be typed now (its box holds text): it waits at the head of the queue. Under the lock. */
    void requeue(Pending p) {
        queue.addFirst(p);
    }

    /** Whether no letter waits in the queue. Under the lock. */
    boolean nothingQueued() {
        return queue.isEmpty();
    }

    Profile profile() {
        return recognition.profile();
    }

    /** Reads the door's evidence now, and judges what it saw taken against the turn that ended ({@code turn}). */
    void look(Optional<String> turn) {
        door.look(turn);
    }

    /** The member's turns: read and changed only under this channel's monitor. */
    Turns turns() {
        return turns;
    }

    /** Which profile the member is typed into with, and how that is learned. */
    Recognition recognition() {
        return recognition;
    }

    /**
     * A hook said the member's turn ended ({@code at}: by its stamp): what it took is confirmed, and so
     * is what a door without a transcript was handed; the next letter may go. A turn that ended before
     * the turn that took a door's letter leaves the member in that turn: it does not settle it.
     */
    void turnEnded(String how, Optional<Instant> at) {
        if (!taken.judged()) {
            settled(how, at);
        }
        door.turnEnded(how);
    }

    /**
     * The member's turn ended as a door's trace, its screen or a hook showed ({@code at}: when the
     * screen was looked at, or the hook's stamp): what it took is confirmed, the next may go. A turn
     * that ended before the words being typed were even pasted was on earlier ones: it confirms
     * those, never the words being typed.
     */
    void settled(String how, Optional<Instant> at) {
        boolean idle;
        synchronized (this) {
            idle = typist.turnEnded(how, at);
        }
        if (idle) {
            pump();
        }
    }

    /** The member started a turn we did not type (it called a tool, a human typed, a door's letter): it is busy. */
    synchronized void turnStarted() {
        turns.startedOnItsOwn(profile());
    }

    /** Drops the queued (not yet typed or handed) letters {@code which} accepts: they fail, visibly, with {@code why}. */
    void withdraw(Predicate<Letter> which, String why) {
        List<Pending> dropped = new ArrayList<>();
        synchronized (this) {
            queue.removeIf(p -> which.test(p.letter()) && dropped.add(p));
            typist.withdraw(which, why);
        }
        dropped.forEach(p -> typist.fail(p, why));
    }

    /** The pane is gone: every letter waiting here fails, visibly; what its harness holds is out of reach. */
    void gone() {
        List<Pending> queued;
        List<Pending> inDoor;
        List<Letter> seen;
        synchronized (this) {
            if (turns.state() == MemberState.GONE) {
                return;
            }
            turns.gone();
            queued = new ArrayList<>(queue);
            queue.clear();
            inDoor = door.release();
            seen = taken.forget();
        }
        queued.forEach(p -> p.paneGone(office.ledger(), pane, "pane " + pane + " ended with the message queued"));
        inDoor.forEach(p -> p.paneGone(office.ledger(), pane, "pane " + pane + " ended before a turn carried it"));
        seen.forEach(l -> office.ledger().record(l, pane, DeliveryState.FAILED, "pane gone before its turn ended"));
        office.port().gone(pane);
    }

    /**
     * The post office closes: every letter queued, being typed or in a door completes failed with
     * {@code why}. Nothing is journalled: the journal's last step of each is what the next daemon resumes.
     */
    void close(String why) {
        List<Pending> open = new ArrayList<>();
        synchronized (this) {
            closed = true;
            typist.current().ifPresent(open::add);
            open.addAll(queue);
            queue.clear();
            open.addAll(door.release());
        }
        open.forEach(p -> p.done().complete(new DeliveryResult.Failed(pane, why)));
    }

    /**
     * Whether a letter is being typed, or handed to a door that has not yet answered: a daemon that stops
     * gracefully waits for either step to be journalled, lest the next daemon send that letter again.
     */
    synchronized boolean stepping() {
        return typist.typing().isPresent() || door.answering();
    }

    /** The member's one delivery picture. */
    synchronized ChannelStatus status() {
        List<Letter> queued = queue.stream().map(Pending::letter).toList();
        return door.share(turns.status(profile().name(), queued, typist.typing()));
    }

    /** The picture as a turn that ended at {@code endedAt} saw it: what was pasted since still waits. */
    synchronized ChannelStatus statusAt(Instant endedAt) {
        return typist.asSeenAt(status(), endedAt);
    }

    /** STARTING and never ready in time: every letter queued to be typed fails, visibly, with the reason. */
    void giveUp(long e) {
        String why = ScreenWatch.neverReady(profile());
        List<Pending> lost = new ArrayList<>();
        synchronized (this) {
            if (!turns.current(e, MemberState.STARTING)) {
                return;
            }
            turns.giveUp(why);
            queue.removeIf(p -> typed(p) && lost.add(p));
        }
        lost.forEach(p -> typist.fail(p, why));
        office.port().unreachable(pane);
    }
}
