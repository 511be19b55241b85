package dev.gather.delivery;

import dev.gather.profile.Profile;
import dev.gather.tmux.Deliverer;
import dev.gather.tmux.DeliveryResult;
import dev.gather.tmux.InputBox;
import dev.gather.tmux.TmuxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One member's delivery queue and state. A message is typed only when the member is ready or idle
 * and its input box is empty; one at a time, in order. After a submit the member is busy until its
 * turn ends (a hook first; the screen after the profile's grace), which also confirms what it took.
 * Nothing here blocks a thread: every wait is a future on pane output or quiet.
 */
final class Mailbox {
    private record Pending(Letter letter, CompletableFuture<DeliveryResult> done) {}

    /** Which profile the pane is typed into with now, given what is known of it (asked at each typing). */
    interface Recogniser {
        Profile now(String pane, Optional<Profile> known);
    }

    private final String pane;
    private final Recogniser recogniser;
    private final Deliverer deliverer;
    private final Executor executor;
    private final Clock clock;
    private final Ledger ledger;
    private final BiConsumer<String, String> beforeTyping;
    private final Consumer<String> unreachable;
    private final ScreenWatch screen;
    private final Deque<Pending> queue = new ArrayDeque<>();
    private final List<Letter> unconfirmed = new ArrayList<>();
    private Profile profile;
    private boolean explicit;
    /** What started the pane, or its hooks, said which harness runs there (else it is only recognised). */
    private boolean known;

    private MemberState state;
    private Instant since;
    private Pending typing;
    /** Why the letter taken for typing was withdrawn before a key went in (it is then not typed). */
    private String withdrawnBeforeTyping;
    /** Whether the letter taken for typing has been journalled as typing (past withdrawal). */
    private boolean typingJournalled;

    private String note;
    /** Why it was given up on (never ready): until it shows a sign of life, every message fails with this. */
    private String gaveUp;

    private String endedWhileTyping;
    /** When the letter being typed was pasted; null until then. */
    private Instant pastedAt;

    private long epoch;
    /** Since when the input box has held text we did not type now; null while it is empty. */
    private Instant heldSince;

    /**
     * How long a message waits for a non-empty input box before it fails, visibly, and the next is
     * tried: text stuck there (a paste a harness never took, a half-typed line left alone) would
     * otherwise hold the queue for good.
     */
    static final Duration STUCK_BOX = Duration.ofMinutes(3);

    Mailbox(
            String pane,
            Profile profile,
            Recogniser recogniser,
            Deliverer deliverer,
            Executor executor,
            Clock clock,
            Ledger ledger,
            BiConsumer<String, String> beforeTyping,
            Consumer<String> unreachable) {
        this.pane = pane;
        this.profile = profile;
        this.recogniser = recogniser;
        this.deliverer = deliverer;
        this.executor = executor;
        this.clock = clock;
        this.ledger = ledger;
        this.beforeTyping = beforeTyping;
        this.unreachable = unreachable;
        this.since = clock.instant();
        this.screen = new ScreenWatch(this, pane, deliverer, executor);
        if (profile.turns().signal() == Profile.TurnSignal.NONE) {
            this.state = MemberState.IDLE;
        } else {
            this.state = MemberState.STARTING;
            screen.awaitReady(
                    epoch, System.nanoTime() + profile.ready().timeout().toNanos());
        }
    }

    synchronized Profile profile() {
        return profile;
    }

    /** A hook named the harness: from now on its profile applies, unless what started the pane said otherwise. */
    synchronized void learn(Profile learned) {
        if (!explicit) {
            profile = learned;
            known = true;
        }
    }

    /** What started the pane said which harness runs there; hooks do not override it. */
    synchronized void explicit() {
        explicit = true;
        known = true;
    }

    /** Queues {@code letter}; the future completes when it was typed, or failed. */
    CompletableFuture<DeliveryResult> post(Letter letter) {
        CompletableFuture<DeliveryResult> done = new CompletableFuture<>();
        synchronized (this) {
            if (state == MemberState.GONE || gaveUp != null) {
                String why = state == MemberState.GONE ? "pane " + pane + " is gone" : gaveUp;
                ledger.record(letter, pane, DeliveryState.FAILED, why);
                done.complete(
                        state == MemberState.GONE
                                ? new DeliveryResult.PaneGone(pane)
                                : new DeliveryResult.Failed(pane, why));
                return done;
            }
            queue.add(new Pending(letter, done));
        }
        pump();
        return done;
    }

    /**
     * A letter the last daemon typed and saw submitted but never saw taken (it stopped first): the
     * member counts as busy with it, so its next turn end (hook or settled screen) confirms it.
     */
    void adopt(Letter letter) {
        synchronized (this) {
            if (state == MemberState.GONE) {
                ledger.record(letter, pane, DeliveryState.FAILED, "pane gone before its turn ended");
                return;
            }
            if (profile.turns().signal() == Profile.TurnSignal.NONE) {
                ledger.record(letter, pane, DeliveryState.CONFIRMED, "submitted before the last daemon stopped");
                return;
            }
            unconfirmed.add(letter);
            if (state != MemberState.BUSY) {
                enter(MemberState.BUSY);
                screen.awaitIdle(epoch);
            }
        }
    }

    private void pasted(Letter letter) {
        synchronized (this) {
            pastedAt = clock.instant();
        }
        ledger.record(letter, pane, DeliveryState.TYPING, DeliveryState.PASTED);
    }

    /** The member's turn ended (a settled screen): what it took is confirmed, the next may go. */
    void turnEnded(String how) {
        turnEnded(how, Optional.empty());
    }

    /**
     * The member's turn ended ({@code at}: when its hook said so): what it took is confirmed, the next
     * may go. A turn that ended before the words being typed were even pasted was on earlier ones: it
     * confirms those, never the words being typed (which start a turn of their own).
     */
    void turnEnded(String how, Optional<Instant> at) {
        synchronized (this) {
            if (state == MemberState.GONE) {
                return;
            }
            if (typing != null
                    && at.isPresent()
                    && (pastedAt == null || at.get().isBefore(pastedAt))) {
                unconfirmed.forEach(l -> ledger.record(l, pane, DeliveryState.CONFIRMED, how));
                unconfirmed.clear();
                return;
            }
            if (typing != null) {
                // a quick harness can finish its turn before the typing is seen to be taken
                endedWhileTyping = how;
                return;
            }
            unconfirmed.forEach(l -> ledger.record(l, pane, DeliveryState.CONFIRMED, how));
            unconfirmed.clear();
            enter(MemberState.IDLE);
        }
        pump();
    }

    /** The member started a turn we did not type (it called a tool, a human typed): it is busy. */
    synchronized void turnStarted() {
        if (profile.turns().signal() != Profile.TurnSignal.NONE
                && state != MemberState.GONE
                && state != MemberState.BUSY) {
            enter(MemberState.BUSY);
            screen.awaitIdle(epoch);
        }
    }

    /** The pane is gone: every waiting message fails, visibly. */
    void gone() {
        List<Pending> lost;
        synchronized (this) {
            if (state == MemberState.GONE) {
                return;
            }
            enter(MemberState.GONE);
            lost = new ArrayList<>(queue);
            queue.clear();
            unconfirmed.forEach(l -> ledger.record(l, pane, DeliveryState.FAILED, "pane gone before its turn ended"));
            unconfirmed.clear();
        }
        for (Pending p : lost) {
            ledger.record(p.letter, pane, DeliveryState.FAILED, "pane " + pane + " ended with the message queued");
            p.done.complete(new DeliveryResult.PaneGone(pane));
        }
    }

    /** Drops the queued (not yet typed) letters {@code which} accepts: they fail, visibly, with {@code why}. */
    void withdraw(java.util.function.Predicate<Letter> which, String why) {
        List<Pending> dropped = new ArrayList<>();
        synchronized (this) {
            queue.removeIf(p -> which.test(p.letter) && dropped.add(p));
            // taken from the queue but not yet typed (its pane is being looked at): it is not typed either
            if (typing != null && !typingJournalled && which.test(typing.letter)) {
                withdrawnBeforeTyping = why;
            }
        }
        for (Pending p : dropped) {
            ledger.record(p.letter, pane, DeliveryState.FAILED, why);
            p.done.complete(new DeliveryResult.Failed(pane, why));
        }
    }

    synchronized MailboxStatus status() {
        return new MailboxStatus(
                pane,
                profile.name(),
                state,
                since,
                queue.stream().map(Pending::letter).toList(),
                Optional.ofNullable(typing).map(Pending::letter),
                unconfirmed,
                Optional.ofNullable(note));
    }

    private void enter(MemberState next) {
        state = next;
        since = clock.instant();
        epoch++;
        if (next != MemberState.STARTING) {
            note = null;
            gaveUp = null;
        }
    }

    private void pump() {
        Pending next;
        synchronized (this) {
            if (typing != null || queue.isEmpty()) {
                return;
            }
            if (state != MemberState.READY && state != MemberState.IDLE) {
                return;
            }
            next = queue.poll();
            typing = next;
            pastedAt = null;
            typingJournalled = false;
            withdrawnBeforeTyping = null;
        }
        executor.execute(() -> type(next));
    }

    private void type(Pending p) {
        InputBox.State box;
        Profile used;
        try {
            // what runs in the pane now decides how it is typed into, not what ran when the message was sent
            Optional<Profile> was;
            synchronized (this) {
                was = known ? Optional.of(profile) : Optional.empty();
            }
            used = recogniser.now(pane, was);
            synchronized (this) {
                if (!known) {
                    profile = used;
                }
            }
            box = deliverer.inputBox(pane, used.quirks());
        } catch (TmuxException e) {
            finished(p, new DeliveryResult.PaneGone(pane), profile());
            return;
        }
        if (dropWithdrawn(p)) {
            return;
        }
        if (box != InputBox.State.EMPTY) {
            String stuck = null;
            synchronized (this) {
                typing = null;
                Instant now = clock.instant();
                heldSince = heldSince == null ? now : heldSince;
                String where = box == InputBox.State.HOLDS ? "not empty" : "not in sight";
                // a dialog waits for a person however long it takes; a box held by someone's text does not
                if (box != InputBox.State.DIALOG
                        && Duration.between(heldSince, now).compareTo(STUCK_BOX) >= 0) {
                    stuck = "not typed: its input box was " + where + " for over " + STUCK_BOX.toMinutes()
                            + " minutes (clear it to receive messages again)";
                    note = "its input box has been " + where + " since " + heldSince + "; waiting messages fail";
                    if (queue.isEmpty()) {
                        heldSince = null; // a later message gets a fresh wait: the box may have emptied since
                    }
                } else {
                    queue.addFirst(p);
                    note = used.quirks().input().isEmpty() && box == InputBox.State.HOLDS
                            ? "waiting: the line its cursor is on holds text gather did not type (its input box"
                                    + " cannot be read)"
                            : ScreenWatch.waiting(box);
                }
            }
            if (stuck != null) {
                ledger.record(p.letter, pane, DeliveryState.FAILED, stuck);
                p.done.complete(new DeliveryResult.Failed(pane, stuck));
                pump();
                return;
            }
            // look again when the screen next changes, or after a while
            deliverer.nextOutput(pane, profile().turns().quiet()).thenRun(this::pump);
            return;
        }
        synchronized (this) {
            if (withdrawnBeforeTyping == null) {
                note = null;
                heldSince = null;
                typingJournalled = true;
            }
        }
        if (dropWithdrawn(p)) {
            return;
        }
        ledger.record(p.letter, pane, DeliveryState.TYPING, "");
        beforeTyping.accept(pane, p.letter.text());
        // a harness still loading behind a box it already drew shows the paste only once loaded: wait as
        // long as it may take to start, since the next message is pasted only after this one
        deliverer
                .deliverAsync(pane, p.letter.text(), used.quirks(), used.ready().timeout(), () -> pasted(p.letter))
                .thenAccept(r -> finished(p, r, used));
    }

    /** Fails {@code p} when it was withdrawn while its pane was looked at; true if so. */
    private boolean dropWithdrawn(Pending p) {
        String why;
        synchronized (this) {
            why = withdrawnBeforeTyping;
            if (why == null) {
                return false;
            }
            withdrawnBeforeTyping = null;
            typing = null;
        }
        ledger.record(p.letter, pane, DeliveryState.FAILED, why);
        p.done.complete(new DeliveryResult.Failed(pane, why));
        pump();
        return true;
    }

    /** {@code used}: the profile it was typed with, whose turns say whether the member is now busy. */
    private void finished(Pending p, DeliveryResult r, Profile used) {
        synchronized (this) {
            typing = null;
            String ended = endedWhileTyping;
            endedWhileTyping = null;
            if (r instanceof DeliveryResult.Delivered d) {
                ledger.record(p.letter, pane, DeliveryState.DELIVERED, d.confirmedBy());
                if (used.turns().signal() == Profile.TurnSignal.NONE) {
                    ledger.record(p.letter, pane, DeliveryState.CONFIRMED, d.confirmedBy());
                } else if (ended != null) {
                    unconfirmed.forEach(l -> ledger.record(l, pane, DeliveryState.CONFIRMED, ended));
                    unconfirmed.clear();
                    ledger.record(p.letter, pane, DeliveryState.CONFIRMED, ended);
                    enter(MemberState.IDLE);
                } else {
                    unconfirmed.add(p.letter);
                    if (state != MemberState.BUSY) {
                        enter(MemberState.BUSY);
                        screen.awaitIdle(epoch);
                    }
                }
            } else if (r instanceof DeliveryResult.Failed f) {
                ledger.record(p.letter, pane, DeliveryState.FAILED, f.reason());
            }
        }
        if (r instanceof DeliveryResult.PaneGone) {
            ledger.record(p.letter, pane, DeliveryState.FAILED, "pane " + pane + " ended while it was typed");
            p.done.complete(r);
            gone();
            return;
        }
        p.done.complete(r);
        pump();
    }

    /** STARTING → READY (the screen says so), unless something else happened since {@code e}. */
    void ready(long e) {
        synchronized (this) {
            if (state == MemberState.STARTING && epoch == e) {
                enter(MemberState.READY);
            }
        }
        pump();
    }

    /** While busy since {@code e}: what its box shows (a dialog is noted, anything else clears the note). */
    synchronized void busyShows(long e, InputBox.State box) {
        if (epoch == e) {
            note = box == InputBox.State.DIALOG ? ScreenWatch.waiting(box) : null;
        }
    }

    /** While starting since {@code e}: whether a dialog stands where its box should be (noted if so). */
    synchronized boolean startingShowsDialog(long e, InputBox.State box) {
        if (box != InputBox.State.DIALOG || !current(e, MemberState.STARTING)) {
            return false;
        }
        note = ScreenWatch.waiting(box);
        return true;
    }

    /** STARTING and never ready in time: every queued message fails, visibly, with the reason. */
    void giveUp(long e) {
        List<Pending> lost;
        String why =
                "unreachable: not ready within " + profile().ready().timeout().toSeconds() + " s (profile "
                        + profile().name()
                        + (profile().quirks().input().isPresent() ? ": its input box was never seen empty)" : ")");
        synchronized (this) {
            if (state != MemberState.STARTING || epoch != e) {
                return;
            }
            note = why;
            gaveUp = why;
            lost = new ArrayList<>(queue);
            queue.clear();
        }
        for (Pending p : lost) {
            ledger.record(p.letter, pane, DeliveryState.FAILED, why);
            p.done.complete(new DeliveryResult.Failed(pane, why));
        }
        unreachable.accept(pane);
    }

    /** Whether {@code e} is still the current epoch and the member is in {@code expected}. */
    synchronized boolean current(long e, MemberState expected) {
        return epoch == e && state == expected;
    }
}
