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

    private final String pane;
    private final Deliverer deliverer;
    private final Executor executor;
    private final Clock clock;
    private final Ledger ledger;
    private final BiConsumer<String, String> beforeTyping;
    private final Consumer<String> unreachable;
    private final Deque<Pending> queue = new ArrayDeque<>();
    private final List<Letter> unconfirmed = new ArrayList<>();
    private Profile profile;
    private boolean explicit;
    private MemberState state;
    private Instant since;
    private Pending typing;
    private String note;
    /** Why it was given up on (never ready): until it shows a sign of life, every message fails with this. */
    private String gaveUp;

    private String endedWhileTyping;
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
            Deliverer deliverer,
            Executor executor,
            Clock clock,
            Ledger ledger,
            BiConsumer<String, String> beforeTyping,
            Consumer<String> unreachable) {
        this.pane = pane;
        this.profile = profile;
        this.deliverer = deliverer;
        this.executor = executor;
        this.clock = clock;
        this.ledger = ledger;
        this.beforeTyping = beforeTyping;
        this.unreachable = unreachable;
        this.since = clock.instant();
        if (profile.turns().signal() == Profile.TurnSignal.NONE) {
            this.state = MemberState.IDLE;
        } else {
            this.state = MemberState.STARTING;
            awaitReady(epoch, System.nanoTime() + profile.ready().timeout().toNanos());
        }
    }

    synchronized Profile profile() {
        return profile;
    }

    /** A hook named the harness: from now on its profile applies, unless what started the pane said otherwise. */
    synchronized void learn(Profile learned) {
        if (!explicit) {
            profile = learned;
        }
    }

    /** What started the pane said which harness runs there; hooks do not override it. */
    synchronized void explicit() {
        explicit = true;
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

    /** The member's turn ended (hook or settled screen): what it took is confirmed, the next may go. */
    void turnEnded(String how) {
        synchronized (this) {
            if (state == MemberState.GONE) {
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
            awaitIdle(epoch);
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
        }
        executor.execute(() -> type(next));
    }

    private void type(Pending p) {
        InputBox.State box;
        try {
            box = deliverer.inputBox(pane, profile().quirks());
        } catch (TmuxException e) {
            finished(p, new DeliveryResult.PaneGone(pane));
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
                    note = waiting(box);
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
            note = null;
            heldSince = null;
        }
        ledger.record(p.letter, pane, DeliveryState.TYPING, "");
        beforeTyping.accept(pane, p.letter.text());
        deliverer.deliverAsync(pane, p.letter.text(), profile().quirks()).thenAccept(r -> finished(p, r));
    }

    private void finished(Pending p, DeliveryResult r) {
        synchronized (this) {
            typing = null;
            String ended = endedWhileTyping;
            endedWhileTyping = null;
            if (r instanceof DeliveryResult.Delivered d) {
                ledger.record(p.letter, pane, DeliveryState.DELIVERED, d.confirmedBy());
                if (profile.turns().signal() == Profile.TurnSignal.NONE) {
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
                        awaitIdle(epoch);
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

    private static String waiting(InputBox.State box) {
        return switch (box) {
            case DIALOG -> "waiting: " + Deliverer.DIALOG_OPEN;
            case HOLDS -> "waiting: its input box is not empty";
            default -> "waiting: its input box is not in sight";
        };
    }

    /**
     * While busy, each time the screen holds still, look whether a dialog (a tool's permission prompt)
     * is what it waits on, and say so: the queue waits for a person, visibly, and no key goes in.
     */
    private void watchForDialog(long e) {
        if (!current(e, MemberState.BUSY) || profile().quirks().input().isEmpty()) {
            return;
        }
        deliverer
                .whenQuiet(pane, profile().ready().quiet(), Duration.ofDays(1))
                .thenRunAsync(
                        () -> {
                            if (!current(e, MemberState.BUSY)) {
                                return;
                            }
                            InputBox.State box;
                            try {
                                box = deliverer.inputBox(pane, profile().quirks());
                            } catch (TmuxException x) {
                                return;
                            }
                            synchronized (this) {
                                if (epoch == e) {
                                    note = box == InputBox.State.DIALOG ? waiting(box) : null;
                                }
                            }
                            deliverer.nextOutput(pane, Duration.ofDays(1)).thenRun(() -> watchForDialog(e));
                        },
                        executor);
    }

    /** STARTING → READY once the input box is drawn and empty and the screen was quiet long enough. */
    private void awaitReady(long e, long deadline) {
        Duration left = Duration.ofNanos(deadline - System.nanoTime());
        if (left.isNegative() || left.isZero()) {
            giveUp(e);
            return;
        }
        deliverer
                .whenQuiet(pane, profile().ready().quiet(), left)
                .thenRunAsync(
                        () -> {
                            if (!current(e, MemberState.STARTING)) {
                                return;
                            }
                            Optional<Boolean> settled =
                                    settled(profile().ready().quiet());
                            if (settled.isEmpty()) {
                                return;
                            }
                            if (settled.get()) {
                                synchronized (this) {
                                    if (state == MemberState.STARTING && epoch == e) {
                                        enter(MemberState.READY);
                                    }
                                }
                                pump();
                            } else if (startingInDialog(e)) {
                                // a trust dialog at start waits for a person, visibly, however long it
                                // takes; once answered the harness gets its whole start time again
                                deliverer
                                        .nextOutput(pane, Duration.ofDays(1))
                                        .thenRun(() -> awaitReady(
                                                e,
                                                System.nanoTime()
                                                        + profile()
                                                                .ready()
                                                                .timeout()
                                                                .toNanos()));
                            } else if (System.nanoTime() >= deadline) {
                                giveUp(e);
                            } else {
                                // looked again at the next output or after one quiet spell, whichever
                                // comes first: a harness that printed between the quiet and the look
                                // and then went still (an idle Gemini) would otherwise never be looked at
                                Duration again = max(profile().ready().quiet(), Duration.ofMillis(100));
                                Duration rest = Duration.ofNanos(deadline - System.nanoTime());
                                deliverer
                                        .nextOutput(pane, again.compareTo(rest) < 0 ? again : rest)
                                        .thenRun(() -> awaitReady(e, deadline));
                            }
                        },
                        executor);
    }

    /** Whether a dialog stands where the starting harness's box should be; says so in the note. */
    private boolean startingInDialog(long e) {
        InputBox.State box;
        try {
            box = deliverer.inputBox(pane, profile().quirks());
        } catch (TmuxException x) {
            return false;
        }
        synchronized (this) {
            if (box != InputBox.State.DIALOG || !current(e, MemberState.STARTING)) {
                return false;
            }
            note = waiting(box);
            return true;
        }
    }

    private void giveUp(long e) {
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

    /** BUSY → IDLE by the screen: at once for screen profiles, after the grace for hook profiles. */
    private void awaitIdle(long e) {
        watchForDialog(e);
        Profile.Turns turns = profile.turns();
        Duration wait = turns.signal() == Profile.TurnSignal.HOOK ? turns.grace() : Duration.ZERO;
        CompletableFuture.runAsync(
                        () -> {},
                        CompletableFuture.delayedExecutor(
                                wait.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS, executor))
                .thenRun(() -> idleByScreen(e));
    }

    private void idleByScreen(long e) {
        if (!current(e, MemberState.BUSY)) {
            return;
        }
        Duration quiet = profile().turns().quiet();
        deliverer
                .whenQuiet(pane, quiet, Duration.ofDays(1))
                .thenRunAsync(
                        () -> {
                            if (!current(e, MemberState.BUSY)) {
                                return;
                            }
                            Optional<Boolean> settled = settled(quiet);
                            if (settled.isEmpty()) {
                                return;
                            }
                            if (settled.get()) {
                                turnEnded("screen quiet for " + quiet.toMillis() + " ms");
                            } else {
                                deliverer.nextOutput(pane, quiet).thenRun(() -> idleByScreen(e));
                            }
                        },
                        executor);
    }

    /**
     * Whether the input box is empty and the screen was quiet for {@code quiet}; empty when the pane
     * turned out to be gone (its queue has then been failed).
     */
    private Optional<Boolean> settled(Duration quiet) {
        try {
            return Optional.of(deliverer.inputBox(pane, profile().quirks()) == InputBox.State.EMPTY
                    && deliverer.quietFor(pane).compareTo(quiet) >= 0);
        } catch (TmuxException x) {
            gone();
            return Optional.empty();
        }
    }

    private synchronized boolean current(long e, MemberState expected) {
        return epoch == e && state == expected;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
